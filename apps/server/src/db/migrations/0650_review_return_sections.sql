-- A change after approval returns the application to review (ADR 0440); the event now names the
-- sections that changed, so the applicant sees why and the officers' mail says what (ADR 0650).
-- The headers are the application's text, sealed at rest like the event's message.
ALTER TABLE application_review_events ADD COLUMN sections jsonb;
