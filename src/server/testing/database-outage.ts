import { expect } from 'vitest';
import { ERRORS } from '#shared/texts';

/** Every job kind the scheduler runs: each must survive a database outage without throwing. */
export const JOB_KINDS = ['alert-delivery', 'housekeeping', 'location-retention'];

/** What any request answers while the database is unavailable (docs/decisions/016). */
export function expectUnavailable(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ error: 'service_unavailable', message: ERRORS.serviceUnavailable });
}
