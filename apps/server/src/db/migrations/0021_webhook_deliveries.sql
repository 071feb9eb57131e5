-- One row per outbound automation event: the event id makes a retried job deliver it once.
CREATE TABLE webhook_deliveries (
  event_id text PRIMARY KEY,
  event text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
