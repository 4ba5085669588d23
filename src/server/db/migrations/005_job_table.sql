-- The one table of due work (scheduler/jobs.ts). Every durable job is a row here: an alert delivery on any
-- channel, the retention sweep, and later escort and check-in deadlines and escalation steps. Any instance claims
-- due rows with a lease (FOR UPDATE SKIP LOCKED); settling is fenced by the attempt number.
CREATE TABLE scheduled_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  key text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed', 'cancelled')),
  due_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  first_attempt_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, key)
);
CREATE INDEX scheduled_jobs_due_idx ON scheduled_jobs (kind, due_at) WHERE status IN ('pending', 'running');
CREATE INDEX scheduled_jobs_finished_idx ON scheduled_jobs (updated_at) WHERE status IN ('done', 'failed', 'cancelled');

-- Deliveries still under way become jobs; their scheduling columns move to the job.
INSERT INTO scheduled_jobs (kind, key, status, due_at, attempts, locked_until, first_attempt_at, last_error,
                            created_at, updated_at)
SELECT 'alert-delivery', id::text, CASE status WHEN 'sending' THEN 'running' ELSE 'pending' END, next_attempt_at,
       attempts, locked_until, first_attempt_at, last_error, created_at, updated_at
FROM alert_deliveries WHERE status IN ('pending', 'sending');

DROP INDEX alert_deliveries_due_idx;
ALTER TABLE alert_deliveries DROP COLUMN locked_until;
ALTER TABLE alert_deliveries DROP COLUMN first_attempt_at;
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_channel_check
  CHECK (channel IN ('sms', 'push', 'voice', 'email'));
