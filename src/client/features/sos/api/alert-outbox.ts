import { z } from 'zod';
import { CreateAlertRequestSchema, type AlertDetail, type CreateAlertRequest } from '#shared/schemas/alert';
import { deviceOutbox } from '../../../lib/outbox/device-outbox';
import type { OutboxKind } from '../../../lib/outbox/outbox-item';
import { replayRequest } from '../utils/replay-request';
import { createAlert, isRetryableAlertError, type SessionRenewer } from './create-alert';

/**
 * An SOS that could not reach the server waits in the device outbox under the Idempotency-Key it was first sent
 * with (the item's id). Replaying it with that key can never make a second alert: the server answers a repeated
 * key with the alert it already has. It is kept past sign-out and goes out when its person signs in again.
 */
export type QueuedAlertPayload = { request: CreateAlertRequest };

const QueuedAlertPayloadSchema = z.object({
  request: z.custom<CreateAlertRequest>((value) => CreateAlertRequestSchema.safeParse(value).success),
});

/**
 * The alert kind. The app registers it with `renewSession`, so a queued alert whose token expired meanwhile is
 * sent at once, and only on a 401 renews the session and tries once more (createAlert): no refresh before a send.
 */
export function createAlertOutboxKind(
  renewSession?: SessionRenewer,
): OutboxKind<QueuedAlertPayload, AlertDetail> {
  return {
    name: 'alert',
    schema: QueuedAlertPayloadSchema,
    batchSize: 1,
    discardOnSignOut: false,
    send: async ([item]) => {
      if (!item) throw new Error('An alert batch holds one alert');
      const request = replayRequest(item.payload.request, item.createdAt, Date.now());
      return createAlert(request, item.id, { renewSession });
    },
    // A refusal other than "try later" (network, 5xx, 429, 401) will not change on a retry.
    isPermanentFailure: (error) => !isRetryableAlertError(error),
  };
}

/** The kind as queued and listed (its name, schema and rules); sending uses the app's registered one. */
export const alertOutboxKind = createAlertOutboxKind();

export type AlertToQueue = {
  idempotencyKey: string;
  userId: string;
  request: CreateAlertRequest;
  /** When the person raised it (not when the send gave up): the replay tells the server how long ago. */
  raisedAt: Date;
  /** True when a send was already tried and failed, so the retry rule waits before the next one. */
  afterFailedSend: boolean;
};

export function queueAlert(alert: AlertToQueue): Promise<void> {
  return deviceOutbox.enqueue(alertOutboxKind, {
    id: alert.idempotencyKey,
    ownerId: alert.userId,
    payload: { request: alert.request },
    createdAt: alert.raisedAt.getTime(),
    failedAttempts: alert.afterFailedSend ? 1 : 0,
  });
}
