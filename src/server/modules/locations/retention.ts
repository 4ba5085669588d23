import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import type { ScheduledTask } from '../../scheduler/scheduler';
import { pruneRealtimeEvents } from '../../realtime/repository';
import { deleteLocationsBefore } from './repository';

/** Deletes stored positions taken more than `hours` before `now`; returns how many. */
export function deleteExpiredLocations(db: Queryable, now: Date, hours: number): Promise<number> {
  return deleteLocationsBefore(db, new Date(now.getTime() - hours * 3_600_000));
}

/** How often the retention task really deletes; the scheduler asks far more often (every second or so). */
export const RETENTION_EVERY_MS = 10 * 60_000;

/**
 * The scheduler task that keeps positions no longer than LOCATION_RETENTION_HOURS and realtime events no longer
 * than their catch-up window. Idempotent and safe on several instances at once (plain age-based deletes).
 */
export function locationRetentionTask(deps: {
  db: Queryable;
  clock: Clock;
  locationHours: number;
  eventHours: number;
  everyMs?: number;
}): ScheduledTask {
  let lastRun: number | null = null;
  return {
    name: 'location-retention',
    async run() {
      const now = deps.clock.now();
      if (lastRun !== null && now.getTime() - lastRun < (deps.everyMs ?? RETENTION_EVERY_MS)) return false;
      lastRun = now.getTime();
      await deleteExpiredLocations(deps.db, now, deps.locationHours);
      await pruneRealtimeEvents(deps.db, new Date(now.getTime() - deps.eventHours * 3_600_000));
      return false;
    },
  };
}
