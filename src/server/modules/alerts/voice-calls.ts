/**
 * What the voice provider's callbacks do to an alert (an escalation call to the primary contact): the call's end
 * goes on the alert's timeline, and the contact pressing 1 answers the alert through `recordResponse`, as every
 * channel does. The routes (voice-call-routes.ts) have checked the provider's signature before anything here runs.
 */
import type { CallOutcome } from '#shared/alert-life';
import type { AlertProgress } from '#shared/schemas/alert-life';
import type { CallGatherCallback, CallStatusCallback } from '#shared/schemas/voice-callback';
import { ERRORS } from '#shared/texts';
import { VOICE_CALL_TEXTS } from '#shared/voice-call-texts';
import { callOutcomeOf, isMachine } from '../../adapters/voice/twilio-call-status';
import { hangUpTwiml, promptAgainTwiml, sayTwiml } from '../../adapters/voice/twiml';
import { voiceCallbackUrls } from '../../adapters/voice/voice-callback-urls';
import { AppError } from '../../http/app-error';
import type { AlertDeps } from './alert-deps';
import { alertStateOf } from './alert-state';
import { hiddenFromOwner } from './owner-view';
import { recordResponse } from './record-response';
import * as repo from './repository';
import { listResponses } from './response-repository';
import { appendTimeline } from './timeline-repository';
import { findVoiceDelivery, markCallOutcome, type VoiceDelivery } from './voice-call-repository';

type Deps = Pick<AlertDeps, 'db' | 'clock' | 'events' | 'origin'>;

export type VoiceCallService = {
  /** The status callback: records a final status once (a status while the call goes on changes nothing). */
  callEnded(deliveryId: string, callback: CallStatusCallback): Promise<void>;
  /** The gather callback: answers the TwiML the call goes on with. */
  keyPressed(deliveryId: string, callback: CallGatherCallback): Promise<string>;
};

export function createVoiceCallService(deps: Deps): VoiceCallService {
  return {
    async callEnded(deliveryId, callback) {
      const delivery = await deliveryOrNotFound(deps, deliveryId);
      const outcome = callOutcomeOf(callback.CallStatus, callback.AnsweredBy);
      if (outcome) await recordCallOutcome(deps, delivery, outcome);
    },

    async keyPressed(deliveryId, callback) {
      const delivery = await deliveryOrNotFound(deps, deliveryId);
      // A machine's key is no answer: nobody heard the alert.
      if (isMachine(callback.AnsweredBy)) return hangUpTwiml();
      if (callback.Digits !== '1') {
        return promptAgainTwiml(voiceCallbackUrls(deps.origin, delivery.id).gather);
      }
      if (delivery.alert_resolved_at) return sayTwiml(VOICE_CALL_TEXTS.alreadySafe);
      await recordResponse(
        deps,
        delivery.alert_id,
        { kind: 'contact', phone: delivery.recipient, name: contactName(delivery) },
        'acknowledged',
      );
      return sayTwiml(VOICE_CALL_TEXTS.thanks);
    },
  };
}

async function deliveryOrNotFound(deps: Deps, deliveryId: string): Promise<VoiceDelivery> {
  const delivery = await findVoiceDelivery(deps.db.urgent, deliveryId);
  if (!delivery) throw new AppError('not_found', ERRORS.notFound);
  return delivery;
}

/** The contact as the person named them; their number when the delivery kept no name. */
function contactName(delivery: VoiceDelivery): string {
  return delivery.recipient_name ?? delivery.recipient;
}

/**
 * Writes the outcome on the delivery (once) and on the alert's timeline, and tells the person and their active
 * guardians (`alert.progress`). Recorded also after "I'm safe": the timeline is what happened.
 */
async function recordCallOutcome(deps: Deps, delivery: VoiceDelivery, outcome: CallOutcome): Promise<void> {
  const now = deps.clock.now();
  const told = await deps.db.urgent.transaction(async (tx) => {
    const alert = await repo.lockAlert(tx, delivery.alert_id);
    if (!alert || !(await markCallOutcome(tx, delivery.id, outcome))) return null;
    const entry = await appendTimeline(tx, alert.id, {
      kind: 'call_outcome',
      at: now,
      actorName: contactName(delivery),
      callOutcome: outcome,
    });
    const responses = (await listResponses(tx, [alert.id])).get(alert.id) ?? [];
    const progress: AlertProgress = { alert_id: alert.id, state: alertStateOf(alert), entry, responses };
    return { progress, hidden: hiddenFromOwner(alert) };
  });
  if (!told) return;
  // An alert the duress PIN "ended" on the phone goes on for everyone else: the phone must not hear of it.
  deps.events.alertProgress({
    userId: delivery.user_id,
    progress: told.progress,
    ...(told.hidden ? { audience: 'watchers' as const } : {}),
  });
}
