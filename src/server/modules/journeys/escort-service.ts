/**
 * Escort sessions: start (needs someone the deadline's alert can reach), route points, added time, "I'm safe",
 * and the deadline the server keeps. Only the owner touches a session (404 for anyone else). Each change and its
 * deadline job are one transaction; each change is told to the person and their guardians (`escort.updated`).
 * Added time and "I'm safe" count from `at`, when the server received the request; the deadline's job fires a
 * grace after the deadline (deadline-job.ts), so one received in time is never overtaken by it.
 */
import { ESCORT } from '#shared/constants';
import { ESCORT_API_TEXTS } from '#shared/journey-texts';
import type {
  EscortRouteRequestSchema,
  EscortSession,
  StartEscortRequestSchema,
} from '#shared/schemas/journey';
import { ERRORS } from '#shared/texts';
import type { z } from 'zod';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import { cancelJob, enqueueJobs, rearmJob } from '../../scheduler/jobs';
import {
  deadlineAlertKey,
  ESCORT_DEADLINE_JOB,
  firesAt,
  hasSomeoneToTell,
  raiseDeadlineAlert,
} from './deadline-job';
import * as repo from './escort-repository';
import type { JourneyEvents } from './journey-events';
import type { ContactsPort, LastChancePort, RaiseAlert } from './ports';
import { UNTOLD_JOURNEY_SHOWN_MS } from './journey-rules';
import { pinForLateEnd, type LateEndDeps } from './late-end-pin';
import { armReminders, cancelReminders } from './reminder-jobs';

export type EscortService = {
  start(auth: AuthContext, input: z.output<typeof StartEscortRequestSchema>): Promise<EscortSession>;
  addRoute(
    auth: AuthContext,
    id: string,
    points: z.output<typeof EscortRouteRequestSchema>['points'],
  ): Promise<EscortSession>;
  extend(auth: AuthContext, id: string, minutes: number, at: Date): Promise<EscortSession>;
  /** After the deadline (and before it fired), with the safety PIN when one is set (late-end-pin.ts). */
  complete(auth: AuthContext, id: string, at: Date, pin?: string): Promise<EscortSession>;
  active(auth: AuthContext): Promise<EscortSession | null>;
  /** The deadline job's work (deadline-job.ts): safe to repeat. */
  fireDeadline(id: string): Promise<void>;
};

export function createEscortService(deps: {
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
}): EscortService {
  const { db, clock, access, events } = deps;
  const fires = (deadline: Date, lastChanceSeconds: number): Date =>
    firesAt(deadline, deps.deadlineGraceMs, lastChanceSeconds);
  const job = (id: string) => ({ kind: ESCORT_DEADLINE_JOB, key: id });
  const reminders = (id: string) => ({ kind: 'escort' as const, id });

  /** The owner's active escort, locked for this transaction: 404 for anyone else's, 409 once it has ended. */
  const lockActive = async (tx: Queryable, ownerId: string, id: string): Promise<repo.EscortRow> => {
    const row = await repo.findEscort(tx, ownerId, id, true);
    if (!row) throw new AppError('not_found', ERRORS.notFound);
    if (row.status !== 'active') throw new AppError('conflict', ESCORT_API_TEXTS.notActive);
    return row;
  };

  /**
   * Writes a change to an active escort, received at `at`, and tells everyone; a moved deadline re-arms its job.
   */
  const change = async (
    auth: AuthContext,
    id: string,
    at: Date,
    edit: (row: repo.EscortRow, now: Date) => { deadline: Date; route: repo.EscortRow['route_data'] },
  ): Promise<EscortSession> => {
    const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const current = await lockActive(tx, ownerId, id);
      const next = edit(current, now);
      const updated = await repo.updateActiveEscort(tx, id, {
        deadline: next.deadline,
        route: repo.routeOf({ route_data: next.route }),
        signalAt: at,
        now,
      });
      if (!updated) throw new AppError('conflict', ESCORT_API_TEXTS.notActive);
      if (next.deadline.getTime() !== current.deadline_at.getTime()) {
        await rearmJob(tx, job(id), fires(next.deadline, current.last_chance_seconds), now);
        await armReminders(tx, reminders(id), next.deadline, current.last_chance_seconds, now);
      }
      return updated;
    });
    events.escortChanged(row);
    return repo.toEscortSession(row);
  };

  return {
    async start(auth, input) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const deadline = new Date(now.getTime() + input.estimated_duration_minutes * 60_000);
      const row = await db.transaction(async (tx) => {
        // The setup promises that someone is told when time runs out: with no contact and no guardian, nobody
        // would be, so the escort does not start (the deadline would expire untold).
        if (!(await hasSomeoneToTell(tx, deps.contacts, ownerId))) {
          throw new AppError('no_emergency_contacts', ESCORT_API_TEXTS.needsSomeoneToTell);
        }
        const lastChanceSeconds = await deps.lastChance.findLastChanceSeconds(tx, ownerId);
        const inserted = await repo.insertEscort(tx, {
          userId: ownerId,
          destination: input.destination_address,
          minutes: input.estimated_duration_minutes,
          now,
          deadline,
          lastChanceSeconds,
        });
        if (inserted) {
          const dueAt = fires(deadline, lastChanceSeconds);
          await enqueueJobs(tx, [{ ...job(inserted.id), dueAt }], now);
          await armReminders(tx, reminders(inserted.id), deadline, lastChanceSeconds, now);
        }
        return inserted;
      });
      if (!row) throw new AppError('conflict', ESCORT_API_TEXTS.alreadyActive);
      events.escortChanged(row);
      return repo.toEscortSession(row);
    },

    addRoute: (auth, id, points) =>
      change(auth, id, clock.now(), (row, now) => ({
        deadline: row.deadline_at,
        route: [
          ...repo.routeOf(row),
          ...points.map((point) => ({
            latitude: point.latitude,
            longitude: point.longitude,
            accuracy: point.accuracy ?? null,
            recorded_at: takenAt(point.timestamp, now).toISOString(),
          })),
        ].slice(-ESCORT.maxRoutePoints),
      })),

    extend: (auth, id, minutes, at) =>
      change(auth, id, at, (row) => {
        const deadline = new Date(row.deadline_at.getTime() + minutes * 60_000);
        if (deadline.getTime() - row.started_at.getTime() > ESCORT.maxTotalMinutes * 60_000) {
          throw new AppError('validation_failed', ESCORT_API_TEXTS.extendTooFar, { field: 'minutes' });
        }
        return { deadline, route: row.route_data };
      }),

    async complete(auth, id, at, pin) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const before = await repo.findEscort(db, ownerId, id);
      const late = before?.status === 'active' && at.getTime() > before.deadline_at.getTime();
      const duressKey = `duress:escort:${id}`;
      const duress = await pinForLateEnd(deps, { ownerId, late, pin, duressKey });
      const now = clock.now();
      const { row, changed } = await db.transaction(async (tx) => {
        const current = await repo.findEscort(tx, ownerId, id, true);
        if (!current) throw new AppError('not_found', ERRORS.notFound);
        // Completing twice answers the session as it stands; an escort whose deadline fired cannot be undone here
        // (the person ends the alert with "I'm safe").
        if (current.status === 'completed') return { row: current, changed: false };
        if (current.status !== 'active') throw new AppError('conflict', ESCORT_API_TEXTS.notActive);
        const completed = await repo.completeEscort(tx, id, at, now);
        if (!completed) throw new AppError('conflict', ESCORT_API_TEXTS.notActive);
        await cancelJob(tx, job(id), now);
        await cancelReminders(tx, reminders(id), now);
        return { row: completed, changed: true };
      });
      if (changed) events.escortChanged(row);
      if (duress) await deps.raiseDuressAlert(ownerId, duressKey);
      return repo.toEscortSession(row);
    },

    async active(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const row = await repo.findShownEscort(db, ownerId, clock.now(), UNTOLD_JOURNEY_SHOWN_MS);
      return row ? repo.toEscortSession(row) : null;
    },

    async fireDeadline(id) {
      const now = clock.now();
      let row = await db.transaction((tx) => repo.expireEscort(tx, id, now, deps.deadlineGraceMs));
      if (!row) {
        // Not due (completed, or time was added), or an earlier attempt marked it and died before the alert was
        // recorded: then raise again under the same key.
        const current = await repo.findEscortById(db, id);
        if (!current || current.status !== 'expired' || current.alert_id !== null) return;
        row = current;
      }
      const alertId = await raiseDeadlineAlert(deps.raiseAlert, {
        userId: row.user_id,
        triggerType: 'escort_expired',
        idempotencyKey: deadlineAlertKey('escort', id),
        journey: { kind: 'escort', destination: row.destination_address, dueAt: row.deadline_at },
      });
      if (alertId) row = (await repo.setEscortAlert(db, id, alertId, now)) ?? row;
      events.escortChanged(row);
    },
  };
}

/**
 * When a route point was taken: the phone's time, or now when it sent none. A time in the future (a device clock
 * running fast) is capped at now, as for stored positions (modules/locations/service.ts).
 */
function takenAt(timestamp: Date | null | undefined, now: Date): Date {
  return !timestamp || timestamp.getTime() > now.getTime() ? now : timestamp;
}
