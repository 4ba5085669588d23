import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy } from '../../access/policy';
import type { ChannelSenders } from '../../adapters/channels';
import type { Clock } from '../../adapters/clock';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import type { AlertEvents } from './alert-events';
import { createChangeSignal } from './change-signal';
import { DELIVERY_JOB, deliveryJob } from './delivery-job';
import { createDrillService, drillEndJob } from './drill';
import { drillRoutes } from './drill-routes';
import { escalationJob } from './escalation-job';
import type { AlertPorts, SafetyPinPort } from './ports';
import { textFailures } from './drill-repository';
import { findAlertFacts } from './repository';
import { revokeResponderLinksOf } from './responder-link-repository';
import { createResponderPage } from './responder-page';
import { responderRoutes } from './responder-routes';
import { alertRoutes } from './routes';
import { createAlertService, type AlertService } from './service';
import { voiceCallRoutes } from './voice-call-routes';
import { createVoiceCallService } from './voice-calls';

/** A lease shorter than a send could let a second worker resend while the first is still waiting. */
const LEASE_MARGIN_MS = 1000;

/**
 * Alerts: raising one, delivering it on every channel, reading them back (the person's and their wards'), a
 * guardian's "Seen", a contact's answer page, and the voice provider's callbacks about an escalation call (its
 * outcome, the key pressed). `raiseAlert` is handed to modules that raise alerts themselves (journeys'
 * deadlines): one pipeline for all.
 */
export function createAlertsModule(
  deps: AlertPorts & {
    db: Database;
    clock: Clock;
    access: AccessPolicy;
    /** The delivery channels' senders, looked up at send time. */
    channels: ChannelSenders;
    events: AlertEvents;
    /** Wakes the job runner of a kind (the scheduler's `kick`). */
    wakeJobs: (kind: string) => void;
    config: Pick<Config, 'alerts' | 'sms' | 'push'>;
    origin: string;
    /** The server secret each contact's responder code is derived with (responder-code.ts). */
    responderKey: string;
    /** The server secret of the alert push's answer tokens (response-token.ts: ALERT_RESPONSE_KEY_NAME). */
    responseKey: string;
    log: FastifyBaseLogger;
    /** The safety PIN "I'm safe" asks for (modules/safety-pin). */
    safetyPins: SafetyPinPort;
  },
): ServerModule & {
  raiseAlert: AlertService['raiseAlert'];
  raiseDuressAlert: AlertService['raiseDuressAlert'];
} {
  const changes = createChangeSignal();
  const alertDeps = {
    ...deps,
    changes,
    wakeDeliveries: () => deps.wakeJobs(DELIVERY_JOB),
    firstAttemptWaitMs: deps.config.alerts.firstAttemptWaitMs,
    smsGlobalMaxPerHour: deps.config.alerts.smsGlobalMaxPerHour,
    escalationDefaultSeconds: deps.config.alerts.escalationSeconds,
  };
  const service = createAlertService(alertDeps);
  const slowestSend = Math.max(deps.config.sms.timeoutMs, deps.config.push.timeoutMs);
  return {
    name: 'alerts',
    raiseAlert: service.raiseAlert,
    raiseDuressAlert: service.raiseDuressAlert,
    routes: async (app) => {
      await app.register(alertRoutes(service));
      // "Test my safety network" (drill.ts): the drill goes through the same pipeline, never escalating.
      await app.register(drillRoutes(createDrillService(alertDeps)));
      // The contact's responder page (responder-page.ts): public routes, the code in their text the credential.
      await app.register(responderRoutes(createResponderPage(deps)));
      // The voice provider's callbacks about an escalation call: public routes, its signature the credential.
      await app.register(
        voiceCallRoutes(createVoiceCallService(deps), {
          authToken: deps.config.sms.twilio?.authToken ?? null,
          origin: deps.origin,
        }),
      );
    },
    jobs: [
      deliveryJob({
        ...deps,
        leaseMs: Math.max(deps.config.alerts.deliveryLeaseMs, slowestSend + LEASE_MARGIN_MS),
        onChange: changes.notify,
      }),
      escalationJob({ ...deps, wakeDeliveries: () => deps.wakeJobs(DELIVERY_JOB) }),
      drillEndJob(deps),
    ],
  };
}

/** What the sharing module may use of alerts: ending the person's responder links ("Stop all sharing"). */
export const responderLinkRevocation = { revokeResponderLinksOf };

/** What other modules may use of alerts: an alert's owner, end and recording. app.ts hands it to recordings. */
export const alertFacts = { findAlertFacts };

/** Whether texts to a person's contacts' numbers keep failing: app.ts hands it to the contacts module. */
export const alertTextFailures = { textFailures };
