/** Web Push (guardians are told of a ward's alert even with the app closed). */
import { z } from 'zod';
import { PUSH_TEXTS } from '../push-texts';

export const VapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof VapidPublicKeyResponseSchema>;

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;
const key = (max: number) =>
  z
    .string({ error: PUSH_TEXTS.invalidSubscription })
    .min(8, PUSH_TEXTS.invalidSubscription)
    .max(max, PUSH_TEXTS.invalidSubscription)
    .regex(BASE64URL, PUSH_TEXTS.invalidSubscription);

const endpointRule = z
  .url({ protocol: /^https?$/, error: PUSH_TEXTS.invalidSubscription })
  .max(2048, PUSH_TEXTS.invalidSubscription);

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON() (extra fields are ignored). */
export const PushSubscriptionRequestSchema = z
  .object(
    {
      endpoint: endpointRule,
      keys: z.object({ p256dh: key(200), auth: key(100) }, { error: PUSH_TEXTS.invalidSubscription }),
    },
    { error: PUSH_TEXTS.invalidSubscription },
  )
  .meta({
    example: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/example',
      keys: {
        p256dh: 'BERHLDQuxtWP83dRhRyJVqHMkPbU7tScx5yaHgmiE_Ba0a7niW1diXWFCQyxfcz16aKKbNpJOaDGUkpmZUN4aDM',
        auth: 'NvdFRmEKqYU0thRWBiHSSg',
      },
    },
  });
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

/** DELETE /api/push/subscriptions. */
export const DeletePushSubscriptionRequestSchema = z
  .object({ endpoint: endpointRule }, { error: PUSH_TEXTS.invalidSubscription })
  .meta({ example: { endpoint: 'https://fcm.googleapis.com/fcm/send/example' } });

const ChosenResponseSchema = z.enum(['on_my_way', 'calling']);

/**
 * A ward's alert push lets the guardian answer from the notification: its action buttons, the capability token the
 * service worker posts with the one pressed (POST /api/alert-responses/push), and what the notification says
 * after (the worker has no texts of its own).
 */
export const PushRespondSchema = z.object({
  token: z.string(),
  actions: z.array(z.object({ action: ChosenResponseSchema, title: z.string() })),
  answered: z.record(ChosenResponseSchema, z.string()),
  answeredBody: z.string(),
  failed: z.string(),
});
export type PushRespond = z.infer<typeof PushRespondSchema>;

/** What the service worker receives in the push event's data (JSON). */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
  /** Only on a ward's alert push to one guardian. */
  respond: PushRespondSchema.optional(),
  /** A vibration pattern (ms) for a reminder to the person's own phone; alerts to guardians have none. */
  vibrate: z.array(z.int().min(0)).optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
