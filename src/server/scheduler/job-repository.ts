import { one, type Queryable } from '../db/database';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export type JobRow = {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  status: JobStatus;
  due_at: Date;
  attempts: number;
  first_attempt_at: Date | null;
  last_error: string | null;
};

const COLUMNS = 'id, kind, key, payload, status, due_at, attempts, first_attempt_at, last_error';

export type NewJob = { kind: string; key: string; dueAt: Date; payload?: unknown };

/** Adds jobs (in the caller's transaction); a job whose kind and key exist already is left as it is. */
export async function insertJobs(tx: Queryable, jobs: readonly NewJob[], now: Date): Promise<void> {
  if (jobs.length === 0) return;
  await tx.query(
    `INSERT INTO scheduled_jobs (kind, key, payload, due_at, created_at, updated_at)
     SELECT j.kind, j.key, j.payload, j.due_at, $2, $2
     FROM jsonb_to_recordset($1::jsonb) AS j(kind text, key text, payload jsonb, due_at timestamptz)
     ON CONFLICT (kind, key) DO NOTHING`,
    [
      JSON.stringify(
        jobs.map((job) => ({
          kind: job.kind,
          key: job.key,
          payload: job.payload ?? {},
          due_at: job.dueAt.toISOString(),
        })),
      ),
      now,
    ],
  );
}

/** Moves a job that has not run yet to a new time; false when there is none waiting. */
export async function rescheduleJob(
  tx: Queryable,
  job: { kind: string; key: string },
  dueAt: Date,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE scheduled_jobs SET due_at = $3, updated_at = $4
     WHERE kind = $1 AND key = $2 AND status = 'pending'`,
    [job.kind, job.key, dueAt, now],
  );
  return rowCount > 0;
}

/**
 * Sets a deadline job to `dueAt` whatever state it is in: moves it if it waits, and makes it wait again if it
 * has run, failed or been cancelled (a check-in after a finished run) or is running right now (an escort's time
 * was added while its old deadline was being looked at). A running claimer's attempt count is moved on, so its
 * fenced settlement changes nothing and the job waits for the new time.
 */
export async function rearmJob(
  tx: Queryable,
  job: { kind: string; key: string },
  dueAt: Date,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO scheduled_jobs (kind, key, payload, due_at, created_at, updated_at)
     VALUES ($1, $2, '{}'::jsonb, $3, $4, $4)
     ON CONFLICT (kind, key) DO UPDATE SET
       due_at = EXCLUDED.due_at, status = 'pending', locked_until = NULL, last_error = NULL, updated_at = $4,
       attempts = CASE scheduled_jobs.status
         WHEN 'running' THEN scheduled_jobs.attempts + 1
         WHEN 'pending' THEN scheduled_jobs.attempts
         ELSE 0 END,
       first_attempt_at = CASE WHEN scheduled_jobs.status IN ('pending', 'running')
         THEN scheduled_jobs.first_attempt_at ELSE NULL END`,
    [job.kind, job.key, dueAt, now],
  );
}

/**
 * Cancels the jobs of `kind` with these keys that have not finished, in one statement (an alert's unsent texts, an
 * escalation's remaining steps); returns how many there were.
 */
export async function cancelJobs(
  tx: Queryable,
  kind: string,
  keys: readonly string[],
  now: Date,
): Promise<number> {
  if (keys.length === 0) return 0;
  const { rowCount } = await tx.query(
    `UPDATE scheduled_jobs SET status = 'cancelled', locked_until = NULL, updated_at = $3
     WHERE kind = $1 AND key = ANY($2::text[]) AND status IN ('pending', 'running')`,
    [kind, keys, now],
  );
  return rowCount;
}

/** Cancels a job that has not finished; false when there is none. */
export async function cancelJob(
  tx: Queryable,
  job: { kind: string; key: string },
  now: Date,
): Promise<boolean> {
  return (await cancelJobs(tx, job.kind, [job.key], now)) > 0;
}

/**
 * Claims up to `limit` due jobs of a kind for one attempt: marks them running, counts the attempt and leases them
 * until `leaseUntil`. `FOR UPDATE SKIP LOCKED` makes concurrent claimers (other instances) take disjoint rows;
 * the lease hands a row back if its claimer dies mid-attempt. Jobs out of attempts are left to `giveUp`.
 */
export async function claimDueJobs(
  db: Queryable,
  claim: { kind: string; now: Date; leaseUntil: Date; limit: number; maxAttempts: number },
): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>(
    `UPDATE scheduled_jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2,
       first_attempt_at = COALESCE(first_attempt_at, $2)
     WHERE id IN (
       SELECT id FROM scheduled_jobs
       WHERE kind = $1 AND status IN ('pending', 'running') AND due_at <= $2
         AND (locked_until IS NULL OR locked_until < $2) AND attempts < $5
       ORDER BY due_at
       LIMIT $4
       FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [claim.kind, claim.now, claim.leaseUntil, claim.limit, claim.maxAttempts],
  );
  return rows;
}

/**
 * The kinds with a job that a claimer could take now (due, not leased): what the scheduler's tick runs. The same
 * conditions as `claimDueJobs` without its kind, so the partial index on due jobs serves it.
 */
export async function findDueKinds(db: Queryable, now: Date): Promise<Set<string>> {
  const { rows } = await db.query<{ kind: string }>(
    `SELECT DISTINCT kind FROM scheduled_jobs
     WHERE status IN ('pending', 'running') AND due_at <= $1 AND (locked_until IS NULL OR locked_until < $1)`,
    [now],
  );
  return new Set(rows.map((row) => row.kind));
}

/** Jobs of a kind whose every attempt was used up by claimers that never reported back (crashed each time). */
export async function findExhaustedJobs(
  db: Queryable,
  kind: string,
  now: Date,
  maxAttempts: number,
): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>(
    `SELECT ${COLUMNS} FROM scheduled_jobs
     WHERE kind = $1 AND status IN ('pending', 'running') AND attempts >= $3
       AND (locked_until IS NULL OR locked_until < $2)
     LIMIT 100`,
    [kind, now, maxAttempts],
  );
  return rows;
}

export type JobSettlement =
  | { status: 'done' }
  | { status: 'pending'; dueAt: Date; error: string | null; restart: boolean }
  | { status: 'failed'; error: string };

/**
 * Records how an attempt ended. Fenced by the attempt number (and, for a job whose claimer died, by the lease
 * having run out): a stale claimer whose lease was taken over changes nothing and gets false.
 * `restart` begins a new series of attempts (a recurring job's next run).
 */
export async function settleJob(
  tx: Queryable,
  job: { id: string; attempts: number },
  settlement: JobSettlement,
  now: Date,
): Promise<boolean> {
  const dueAt = settlement.status === 'pending' ? settlement.dueAt : null;
  const error = settlement.status === 'done' ? null : settlement.error;
  const restart = settlement.status === 'pending' && settlement.restart;
  const row = await one(
    tx,
    `UPDATE scheduled_jobs SET status = $3, due_at = COALESCE($4, due_at), last_error = $5, locked_until = NULL,
       updated_at = $6,
       attempts = CASE WHEN $7 THEN 0 ELSE attempts END,
       first_attempt_at = CASE WHEN $7 THEN NULL ELSE first_attempt_at END
     WHERE id = $1 AND attempts = $2 AND status IN ('pending', 'running')
       AND (status = 'running' OR locked_until IS NULL OR locked_until < $6)
     RETURNING id`,
    [job.id, job.attempts, settlement.status, dueAt, error, now, restart],
  );
  return row !== undefined;
}

/** Forgets jobs that finished before `cutoff`. */
export async function pruneFinishedJobs(db: Queryable, cutoff: Date): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM scheduled_jobs WHERE status IN ('done', 'failed', 'cancelled') AND updated_at < $1",
    [cutoff],
  );
  return rowCount;
}
