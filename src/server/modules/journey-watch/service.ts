/**
 * The journey watch: what guardians hear during a ward's escort or check-in BEFORE any deadline
 * (docs/PRODUCT.md#warnings-to-guardians-during-a-journey). The deadline itself texts the contacts
 * (modules/journeys); this module never does.
 *
 * - Silence: while a journey is active, the phone's signs of life are its heartbeats (POST /api/journeys/heartbeat),
 *   the journey's own calls (route points, added time, a check-in) and every position the server receives. When
 *   none came for JOURNEY_SILENCE_MINUTES, a periodic job tells the guardians once per journey.
 * - Last gasp: a position or heartbeat reporting the battery at or below JOURNEY_WATCH.lastGaspBatteryPercent
 *   during a journey sends the guardians the newest position once per journey, before the phone dies.
 *
 * Each warning is written with one push job per subscribed guardian in one transaction (the row update that
 * marks the journey decides who warns: exactly once across instances), then published as `journey.warning`.
 */
import { JOURNEY_WATCH, guardianViewUrl } from '#shared/constants';
import { formatTextTime } from '#shared/alert-sms-text';
import { JOURNEY_WARNING_TEXTS } from '#shared/journey-watch-texts';
import type { JourneyHeartbeatRequestSchema } from '#shared/schemas/journey';
import type { Location } from '#shared/schemas/location';
import type { PushPayload } from '#shared/schemas/push';
import type { z } from 'zod';
import { activeGuardianIds } from '../../access/guardian-rule';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import type { RealtimePublisher } from '../../realtime/publisher';
import { enqueueJobs } from '../../scheduler/jobs';
import type { PositionsPort, ProfilesPort, PushSubscriptionsPort } from './ports';
import * as repo from './repository';
import { WARNING_PUSH_JOB, type WarningPushPayload } from './warning-push-job';

export type HeartbeatInput = z.output<typeof JourneyHeartbeatRequestSchema>;

export type JourneyWatch = {
  heartbeat(auth: AuthContext, input: HeartbeatInput): Promise<{ journeys: number }>;
  /**
   * Positions of the person arrived while they share their location (stored, or confirming a stored place): a
   * dying battery during a journey warns the guardians.
   */
  readingsReceived(userId: string, readings: readonly Location[]): Promise<void>;
  /** The periodic look for silent journeys. */
  warnSilentJourneys(now: Date): Promise<void>;
};

/** Silent journeys warned about per run at most; the next run takes the rest. */
const SILENT_BATCH = 50;

export function createJourneyWatch(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  silenceMinutes: number;
  wakePushes: () => void;
  log: { warn(object: unknown, message: string): void };
  profiles: ProfilesPort;
  positions: PositionsPort;
  pushSubscriptions: PushSubscriptionsPort;
}): JourneyWatch {
  const { db, clock } = deps;

  /** The ward's newest position, only while they share their location (as for every other guardian read). */
  const lastPosition = async (tx: Queryable, userId: string): Promise<Location | null> => {
    if (!(await deps.profiles.isSharingLocation(tx, userId))) return null;
    return (await deps.positions.latestPositions(tx, [userId])).get(userId) ?? null;
  };

  const warn = async (
    journey: repo.ActiveJourney,
    userId: string,
    kind: repo.WarningKind,
    facts: { lastSignalAt: Date; battery: number | null; location?: Location },
  ): Promise<void> => {
    const now = clock.now();
    const warning = await db.transaction(async (tx) => {
      if (!(await repo.markWarned(tx, journey, kind, now))) return null;
      const location = facts.location ?? (await lastPosition(tx, userId));
      const row = await repo.insertWarning(tx, {
        user_id: userId,
        kind,
        journey: journey.journey,
        journey_id: journey.id,
        last_signal_at: facts.lastSignalAt,
        battery: facts.battery ?? location?.battery_level ?? null,
        location,
        created_at: now,
      });
      await enqueueJobs(tx, await pushJobs(tx, deps, row, now), now);
      return row;
    });
    if (!warning) return;
    deps.wakePushes();
    void deps.publisher.publish({
      type: 'journey.warning',
      userId,
      payload: repo.toJourneyWarning(warning),
    });
  };

  return {
    async heartbeat(auth, input) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const battery = input.battery ?? null;
      const journeys = await repo.recordHeartbeat(db, ownerId, clock.now(), battery);
      if (battery !== null && battery <= JOURNEY_WATCH.lastGaspBatteryPercent) {
        await warnLastGasp(ownerId, battery);
      }
      return { journeys: journeys.length };
    },

    async readingsReceived(userId, readings) {
      const dying = readings.filter(
        (reading) =>
          reading.battery_level !== null && reading.battery_level <= JOURNEY_WATCH.lastGaspBatteryPercent,
      );
      if (dying.length === 0) return;
      // The first dying reading is the one that warns; later ones find the journey already warned.
      const first = dying.reduce((a, b) => (Date.parse(b.recorded_at) < Date.parse(a.recorded_at) ? b : a));
      await warnLastGasp(userId, first.battery_level, first);
    },

    async warnSilentJourneys(now) {
      const cutoff = new Date(now.getTime() - deps.silenceMinutes * 60_000);
      for (const silent of await repo.findSilentJourneys(db, cutoff, SILENT_BATCH)) {
        try {
          await warn(silent, silent.user_id, 'silence', {
            lastSignalAt: silent.last_signal_at,
            battery: null,
          });
        } catch (error) {
          // One journey failing must not keep the others' guardians uninformed.
          deps.log.warn({ err: error, journeyId: silent.id }, 'silence warning failed');
        }
      }
    },
  };

  async function warnLastGasp(userId: string, battery: number | null, location?: Location): Promise<void> {
    const now = clock.now();
    for (const journey of await repo.activeJourneysWithout(db, userId, 'last_gasp')) {
      await warn(journey, userId, 'last_gasp', { lastSignalAt: now, battery, location });
    }
  }
}

/** One push job per active guardian with a subscribed browser, in that guardian's time zone. */
async function pushJobs(
  tx: Queryable,
  ports: { profiles: ProfilesPort; pushSubscriptions: PushSubscriptionsPort },
  warning: repo.WarningRow,
  now: Date,
): Promise<Array<{ kind: string; key: string; dueAt: Date; payload: WarningPushPayload }>> {
  const watching = await activeGuardianIds(tx, warning.user_id);
  const guardians = [...(await ports.pushSubscriptions.usersWithSubscriptions(tx, watching))];
  if (guardians.length === 0) return [];
  const name = await ports.profiles.findFullName(tx, warning.user_id);
  const jobs = [];
  for (const guardian of guardians) {
    const { timeZone } = await ports.profiles.findSosPreferences(tx, guardian);
    const push = warningPush(warning, name, formatTextTime(warning.last_signal_at, timeZone));
    jobs.push({
      kind: WARNING_PUSH_JOB,
      key: `${warning.id}:${guardian}`,
      dueAt: now,
      payload: { to: guardian, body: JSON.stringify(push), about: warning.user_id },
    });
  }
  return jobs;
}

function warningPush(warning: repo.WarningRow, name: string, since: string): PushPayload {
  return warning.kind === 'silence'
    ? {
        title: JOURNEY_WARNING_TEXTS.silenceTitle(name),
        body: JOURNEY_WARNING_TEXTS.silenceBody(name, since, warning.journey),
        url: guardianViewUrl(warning.user_id),
        tag: `journey-warning-${warning.journey_id}-silence`,
      }
    : {
        title: JOURNEY_WARNING_TEXTS.lastGaspTitle(name),
        body: JOURNEY_WARNING_TEXTS.lastGaspBody(name, warning.battery),
        url: guardianViewUrl(warning.user_id),
        tag: `journey-warning-${warning.journey_id}-last-gasp`,
      };
}
