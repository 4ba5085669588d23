import type { SmsHealth } from '#shared/schemas/api-error';
import { one, type Queryable } from '../../db/database';
import type { ProviderReport } from './twilio-sms-provider';

type StatusRow = {
  last_outcome: SmsHealth['lastOutcome'];
  http_status: number | null;
  provider_code: string | null;
  at: Date;
};

/**
 * The SMS provider's last outcome is kept in the database, not in one instance's memory: with several instances
 * (or one that runs no jobs, SCHEDULER_ENABLED=false) the instance answering GET /api/health is often not the
 * one that sent. One row per provider; the newest outcome wins.
 */
export async function recordSmsOutcome(
  db: Queryable,
  provider: SmsHealth['provider'],
  report: ProviderReport,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO sms_provider_status (provider, last_outcome, http_status, provider_code, at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (provider) DO UPDATE
       SET last_outcome = EXCLUDED.last_outcome, http_status = EXCLUDED.http_status,
           provider_code = EXCLUDED.provider_code, at = EXCLUDED.at
       WHERE sms_provider_status.at <= EXCLUDED.at`,
    [provider, report.outcome, report.httpStatus ?? null, report.code ?? null, at],
  );
}

/** What GET /api/health says about the provider: `unknown` until an outcome was recorded. */
export async function readSmsHealth(db: Queryable, provider: SmsHealth['provider']): Promise<SmsHealth> {
  const row = await one<StatusRow>(
    db,
    'SELECT last_outcome, http_status, provider_code, at FROM sms_provider_status WHERE provider = $1',
    [provider],
  );
  if (!row) return { provider, lastOutcome: 'unknown' };
  return {
    provider,
    lastOutcome: row.last_outcome,
    at: row.at.toISOString(),
    ...(row.http_status === null ? {} : { httpStatus: row.http_status }),
    ...(row.provider_code === null ? {} : { code: row.provider_code }),
  };
}
