import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { ServerModule } from '../server-module';
import { checkInRoutes } from './checkin-routes';
import { createCheckInService } from './checkin-service';
import { CHECK_IN_DEADLINE_JOB, deadlineJob, ESCORT_DEADLINE_JOB } from './deadline-job';
import { findCheckInById } from './checkin-repository';
import { findEscortById, findEscortOwner } from './escort-repository';
import { escortRoutes } from './escort-routes';
import { createEscortService } from './escort-service';
import { journeyEvents } from './journey-events';
import type {
  ContactsPort,
  JourneyWarningsPort,
  LastChancePort,
  OwnDevicesPush,
  RaiseAlert,
  RaiseDuressAlert,
  SafetyPinPort,
} from './ports';
import {
  JOURNEY_LAST_CHANCE_PUSH_JOB,
  JOURNEY_WARNING_PUSH_JOB,
  reminderJob,
  type JourneyRef,
  type ReminderJourney,
} from './reminder-jobs';
import { wardJourneyRoutes } from './ward-journeys-routes';

/**
 * The job kinds that act at journeys' deadlines: the reminders to the person's own devices and the deadlines
 * themselves (POST /api/dev/clock runs them after moving the clock).
 */
export const JOURNEY_DEADLINE_JOBS = [
  JOURNEY_WARNING_PUSH_JOB,
  JOURNEY_LAST_CHANCE_PUSH_JOB,
  ESCORT_DEADLINE_JOB,
  CHECK_IN_DEADLINE_JOB,
] as const;

/**
 * Journeys: escort sessions and check-ins whose deadlines fire from the server, through the alert pipeline
 * (`raiseAlert` of modules/alerts), and what guardians read of their wards' journeys. docs/ARCHITECTURE.md, "The
 * path of a deadline".
 */
export function createJourneysModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  raiseAlert: RaiseAlert;
  contacts: ContactsPort;
  journeyWarnings: JourneyWarningsPort;
  lastChance: LastChancePort;
  /** The reminders' push to the person's own browsers. */
  ownDevicesPush: OwnDevicesPush;
  /** How long a reminder's claim holds its job (longer than a push can take). */
  pushLeaseMs: number;
  /** How long after a deadline its job fires at least (deadline-job.ts `deadlineGraceMs`). */
  deadlineGraceMs: number;
  /** The safety PIN a journey's late end asks for, and the duress alert (late-end-pin.ts). */
  safetyPins: SafetyPinPort;
  raiseDuressAlert: RaiseDuressAlert;
}): ServerModule {
  const events = journeyEvents(deps.publisher);
  const escorts = createEscortService({ ...deps, events });
  const checkIns = createCheckInService({ ...deps, events });
  const findJourney = async (ref: JourneyRef): Promise<ReminderJourney | undefined> => {
    if (ref.kind === 'escort') {
      const row = await findEscortById(deps.db, ref.id);
      return (
        row && {
          userId: row.user_id,
          active: row.status === 'active',
          deadline: row.deadline_at,
          lastChanceSeconds: row.last_chance_seconds,
        }
      );
    }
    const row = await findCheckInById(deps.db, ref.id);
    return (
      row && {
        userId: row.user_id,
        active: row.status === 'active',
        deadline: row.next_due_at,
        lastChanceSeconds: row.last_chance_seconds,
      }
    );
  };
  const reminders = {
    findJourney,
    push: deps.ownDevicesPush,
    now: () => deps.clock.now(),
    leaseMs: deps.pushLeaseMs,
  };
  return {
    name: 'journeys',
    routes: async (app) => {
      await app.register(escortRoutes(escorts));
      await app.register(checkInRoutes(checkIns));
      await app.register(wardJourneyRoutes(deps));
    },
    jobs: [
      deadlineJob(ESCORT_DEADLINE_JOB, escorts.fireDeadline),
      deadlineJob(CHECK_IN_DEADLINE_JOB, checkIns.fireDeadline),
      reminderJob('warning', reminders),
      reminderJob('last-chance', reminders),
    ],
  };
}

/** What other modules may use of journeys: whose an escort is. app.ts hands it to recordings. */
export const escortOwners = { findEscortOwner };
