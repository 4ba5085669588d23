import { REALTIME_CHANNEL } from '#shared/constants';
import type { Clock } from '../adapters/clock';
import type { Database } from '../db/database';
import { pruneRealtimeEvents } from '../realtime/repository';
import { pruneFinishedJobs } from './job-repository';
import type { JobHandler } from './jobs';
import { periodicJob } from './periodic-job';

export const HOUSEKEEPING_JOB = 'housekeeping';
const EVERY_MS = 10 * 60_000;
/** Finished jobs are kept a week: enough to see what happened to an alert's deliveries. */
const FINISHED_JOB_DAYS = 7;

/** The platform's own chores: realtime events past their catch-up window, and long-finished jobs. */
export function housekeepingJob(db: Database, clock: Clock): JobHandler<null> {
  return periodicJob(HOUSEKEEPING_JOB, EVERY_MS, clock, async (now) => {
    await pruneRealtimeEvents(db, new Date(now.getTime() - REALTIME_CHANNEL.eventRetentionHours * 3_600_000));
    await pruneFinishedJobs(db, new Date(now.getTime() - FINISHED_JOB_DAYS * 86_400_000));
  });
}
