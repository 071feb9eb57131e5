-- Two runs of one job (a retried run beside a slow one) must not both POST: a sender leases the row.
ALTER TABLE webhook_deliveries ADD COLUMN locked_until timestamptz;
