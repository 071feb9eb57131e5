-- One status set for every paid request (packages/shared/src/paid-work.ts, docs/decisions/0050):
-- processing, complete, failed. Submissions said 'completed' and idea requests 'error'.
ALTER TABLE submissions DROP CONSTRAINT submissions_status_check;
UPDATE submissions SET status = 'complete' WHERE status = 'completed';
ALTER TABLE submissions ADD CONSTRAINT submissions_status_check CHECK (status IN ('processing', 'complete', 'failed'));

ALTER TABLE idea_requests DROP CONSTRAINT idea_requests_status_check;
UPDATE idea_requests SET status = 'failed' WHERE status = 'error';
ALTER TABLE idea_requests ADD CONSTRAINT idea_requests_status_check CHECK (status IN ('processing', 'complete', 'failed'));
