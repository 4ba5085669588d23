import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { ServerModule } from '../server-module';
import { checkInRoutes } from './checkin-routes';
import { createCheckInService } from './checkin-service';
import { CHECK_IN_DEADLINE_JOB, deadlineJob, ESCORT_DEADLINE_JOB } from './deadline-job';
import { findEscortOwner } from './escort-repository';
import { escortRoutes } from './escort-routes';
import { createEscortService } from './escort-service';
import { journeyEvents } from './journey-events';
import type { ContactsPort, JourneyWarningsPort, RaiseAlert, RaiseDuressAlert, SafetyPinPort } from './ports';
import { wardJourneyRoutes } from './ward-journeys-routes';

/** The job kinds that fire journeys' deadlines (POST /api/dev/clock runs them after moving the clock). */
export const JOURNEY_DEADLINE_JOBS = [ESCORT_DEADLINE_JOB, CHECK_IN_DEADLINE_JOB] as const;

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
  /** How long after a deadline its job fires (deadline-job.ts `deadlineGraceMs`). */
  deadlineGraceMs: number;
  /** The safety PIN a journey's late end asks for, and the duress alert (late-end-pin.ts). */
  safetyPins: SafetyPinPort;
  raiseDuressAlert: RaiseDuressAlert;
}): ServerModule {
  const events = journeyEvents(deps.publisher);
  const escorts = createEscortService({ ...deps, events });
  const checkIns = createCheckInService({ ...deps, events });
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
    ],
  };
}

/** What other modules may use of journeys: whose an escort is. app.ts hands it to recordings. */
export const escortOwners = { findEscortOwner };
