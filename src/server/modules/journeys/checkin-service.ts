/**
 * Safety check-ins: start (needs a contact), "check in", stop, and the deadline the server keeps. Only the owner
 * touches a check-in (404 for anyone else). Each change and its deadline job are one transaction; each change is
 * told to the person and their guardians (`checkin.updated`). "Check in" and stop count from `at`, when the
 * server received the request; the deadline's job fires a grace after the deadline (deadline-job.ts), so one
 * received in time is never overtaken by it.
 */
import { CHECK_IN_API_TEXTS } from '#shared/journey-texts';
import type { CheckIn } from '#shared/schemas/journey';
import { ERRORS } from '#shared/texts';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import { cancelJob, enqueueJobs, rearmJob } from '../../scheduler/jobs';
import * as repo from './checkin-repository';
import { CHECK_IN_DEADLINE_JOB, deadlineAlertKey, firesAt, raiseDeadlineAlert } from './deadline-job';
import type { JourneyEvents } from './journey-events';
import type { ContactsPort, LastChancePort, RaiseAlert } from './ports';
import { UNTOLD_JOURNEY_SHOWN_MS } from './journey-rules';
import { pinForLateEnd, type LateEndDeps } from './late-end-pin';
import { armReminders, cancelReminders } from './reminder-jobs';

export type CheckInService = {
  start(auth: AuthContext, intervalMinutes: number): Promise<CheckIn>;
  checkIn(auth: AuthContext, id: string, at: Date): Promise<CheckIn>;
  /** After the check-in fell due, with the safety PIN when one is set (late-end-pin.ts). */
  stop(auth: AuthContext, id: string, at: Date, pin?: string): Promise<CheckIn>;
  active(auth: AuthContext): Promise<CheckIn | null>;
  /** The deadline job's work (deadline-job.ts): safe to repeat. */
  fireDeadline(id: string): Promise<void>;
};

export function createCheckInService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  events: JourneyEvents;
  raiseAlert: RaiseAlert;
  contacts: ContactsPort;
  lastChance: LastChancePort;
  /** How long after a deadline its job fires at least (deadline-job.ts). */
  deadlineGraceMs: number;
  /** The safety PIN a late end asks for, and the duress alert (late-end-pin.ts). */
  safetyPins: LateEndDeps['safetyPins'];
  raiseDuressAlert: LateEndDeps['raiseDuressAlert'];
}): CheckInService {
  const { db, clock, access, events } = deps;
  const fires = (deadline: Date, lastChanceSeconds: number): Date =>
    firesAt(deadline, deps.deadlineGraceMs, lastChanceSeconds);
  const job = (id: string) => ({ kind: CHECK_IN_DEADLINE_JOB, key: id });
  const reminders = (id: string) => ({ kind: 'checkin' as const, id });

  /** 404 for a check-in that is not the owner's, 409 for one that has ended. */
  const refuse = async (ownerId: string, id: string): Promise<never> => {
    const row = await repo.findCheckIn(db, ownerId, id);
    if (!row) throw new AppError('not_found', ERRORS.notFound);
    throw new AppError('conflict', CHECK_IN_API_TEXTS.notActive);
  };

  return {
    async start(auth, intervalMinutes) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const dueAt = new Date(now.getTime() + intervalMinutes * 60_000);
      const row = await db.transaction(async (tx) => {
        if ((await deps.contacts.countContacts(tx, ownerId)) === 0) {
          throw new AppError('no_emergency_contacts', CHECK_IN_API_TEXTS.needsContacts);
        }
        const lastChanceSeconds = await deps.lastChance.findLastChanceSeconds(tx, ownerId);
        const inserted = await repo.insertCheckIn(tx, {
          userId: ownerId,
          minutes: intervalMinutes,
          now,
          dueAt,
          lastChanceSeconds,
        });
        if (inserted) {
          await enqueueJobs(tx, [{ ...job(inserted.id), dueAt: fires(dueAt, lastChanceSeconds) }], now);
          await armReminders(tx, reminders(inserted.id), dueAt, lastChanceSeconds, now);
        }
        return inserted;
      });
      if (!row) throw new AppError('conflict', CHECK_IN_API_TEXTS.alreadyActive);
      events.checkInChanged(row);
      return repo.toCheckIn(row);
    },

    async checkIn(auth, id, at) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const owned = await repo.findCheckIn(tx, ownerId, id);
        if (!owned) return undefined;
        const updated = await repo.checkInNow(tx, id, at, now);
        if (updated) {
          const lastChanceSeconds = updated.last_chance_seconds;
          await rearmJob(tx, job(id), fires(updated.next_due_at, lastChanceSeconds), now);
          await armReminders(tx, reminders(id), updated.next_due_at, lastChanceSeconds, now);
        }
        return updated;
      });
      if (!row) return refuse(ownerId, id);
      events.checkInChanged(row);
      return repo.toCheckIn(row);
    },

    async stop(auth, id, at, pin) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const before = await repo.findCheckIn(db, ownerId, id);
      const late = before?.status === 'active' && at.getTime() > before.next_due_at.getTime();
      const duressKey = `duress:checkin:${id}`;
      const duress = await pinForLateEnd(deps, { ownerId, late, pin, duressKey });
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const owned = await repo.findCheckIn(tx, ownerId, id);
        if (!owned) return undefined;
        // Stopping twice answers the check-in as it stands.
        if (owned.status === 'stopped') return { row: owned, changed: false };
        const stopped = await repo.stopCheckIn(tx, id, at, now);
        if (!stopped) return undefined;
        await cancelJob(tx, job(id), now);
        await cancelReminders(tx, reminders(id), now);
        return { row: stopped, changed: true };
      });
      if (!result) return refuse(ownerId, id);
      if (result.changed) events.checkInChanged(result.row);
      if (duress) await deps.raiseDuressAlert(ownerId, duressKey);
      return repo.toCheckIn(result.row);
    },

    async active(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const row = await repo.findShownCheckIn(db, ownerId, clock.now(), UNTOLD_JOURNEY_SHOWN_MS);
      return row ? repo.toCheckIn(row) : null;
    },

    async fireDeadline(id) {
      const now = clock.now();
      let row = await db.transaction((tx) => repo.missCheckIn(tx, id, now, deps.deadlineGraceMs));
      if (!row) {
        // Not due (checked in, stopped), or an earlier attempt marked it and died before the alert was recorded.
        const current = await repo.findCheckInById(db, id);
        if (!current || current.status !== 'missed' || current.alert_id !== null) return;
        row = current;
      }
      const alertId = await raiseDeadlineAlert(deps.raiseAlert, {
        userId: row.user_id,
        triggerType: 'checkin_missed',
        idempotencyKey: deadlineAlertKey('checkin', id),
        journey: { kind: 'checkin', dueAt: row.next_due_at },
      });
      if (alertId) row = (await repo.setCheckInAlert(db, id, alertId, now)) ?? row;
      events.checkInChanged(row);
    },
  };
}
