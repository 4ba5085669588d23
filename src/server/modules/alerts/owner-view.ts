/**
 * What the person's own phone sees of an alert the duress PIN "ended" (duress.ts,
 * docs/decisions/042-safety-pin-and-duress.md): exactly what a real "I'm safe" would have shown, ended at the time the
 * PIN was entered, while the alert itself stays active for their contacts and guardians. Pure.
 */
import { createHash } from 'node:crypto';
import { CANCELLED_DELIVERY_ERROR } from '#shared/active-alert-texts';
import type { AlertDelivery, AlertDetail } from '#shared/schemas/alert';
import type { AlertRow } from './repository';

/** The person's own devices hear nothing more of the duress alert, nor of an alert the duress PIN ended there. */
export function hiddenFromOwner(row: Pick<AlertRow, 'trigger_type' | 'concealed_at'>): boolean {
  return row.trigger_type === 'duress' || row.concealed_at !== null;
}

/**
 * The detail as its owner sees it: unchanged, unless the duress PIN ended it on their phone. `justEnded`: the answer
 * to the request that ended it, whose all-clears a real "I'm safe" would only just have queued.
 */
export function ownerViewOf(
  row: Pick<AlertRow, 'concealed_at'>,
  detail: AlertDetail,
  justEnded = false,
): AlertDetail {
  const at = row.concealed_at;
  if (!at) return detail;
  const endedAt = at.toISOString();
  const before = (time: string): boolean => Date.parse(time) <= at.getTime();
  const timeline = detail.timeline.filter((entry) => before(entry.at));
  const lastId = timeline.reduce((max, entry) => Math.max(max, Number(entry.id) || 0), 0);
  const alertTexts = detail.deliveries.filter((delivery) => delivery.purpose === 'alert');
  return {
    ...detail,
    alert: { ...detail.alert, status: 'resolved', state: 'resolved', resolved_at: endedAt },
    // As "I'm safe" would have left them: texts not yet out cancelled, an all-clear to everyone the alert reached.
    deliveries: [
      ...alertTexts.map((delivery) => (delivery.status === 'pending' ? cancelled(delivery) : delivery)),
      ...alertTexts.filter(reached).map((delivery) => allClearLike(delivery, endedAt, justEnded)),
    ],
    responses: detail.responses.filter((response) => before(response.responded_at)),
    timeline: [
      ...timeline,
      {
        id: String(lastId + 1),
        kind: 'resolved',
        at: endedAt,
        actor_name: null,
        response: null,
        escalation_step: null,
        round: null,
        call_outcome: null,
      },
    ],
  };
}

function reached(delivery: AlertDelivery): boolean {
  return ['sent', 'sending', 'kept_in_dev_outbox'].includes(delivery.status);
}

function cancelled(delivery: AlertDelivery): AlertDelivery {
  return { ...delivery, status: 'cancelled', last_error: CANCELLED_DELIVERY_ERROR, next_attempt_at: null };
}

/** An all-clear as the delivery job would have recorded it; its id is derived, stable across reads. */
function allClearLike(delivery: AlertDelivery, at: string, queued: boolean): AlertDelivery {
  const base = {
    id: derivedId(delivery.id),
    purpose: 'all_clear' as const,
    channel: delivery.channel,
    recipient: delivery.recipient,
    recipient_name: delivery.recipient_name,
    last_error: null,
  };
  if (queued) return { ...base, status: 'pending', attempts: 0, next_attempt_at: at, sent_at: null };
  const kept = delivery.status === 'kept_in_dev_outbox';
  return {
    ...base,
    status: kept ? 'kept_in_dev_outbox' : 'sent',
    attempts: 1,
    next_attempt_at: null,
    sent_at: kept ? null : at,
  };
}

function derivedId(id: string): string {
  const hex = createHash('sha256').update(`all-clear:${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
