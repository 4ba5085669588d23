/**
 * The realtime channel, GET /api/realtime (WebSocket): one map of server events and one of client messages.
 *
 * Every event is about one person (`user_id`) and reaches that person and, while the relationship is active,
 * their guardians. Events carry a growing `id`; a client that reconnects with `?since=<last id>` (or sends
 * `{type:'resume', since}`) first receives what it missed and is still allowed to see.
 */
import { z } from 'zod';
import { AlertAcknowledgementSchema, AlertDeliverySchema, AlertSchema } from './alert';
import { AlertProgressSchema } from './alert-life';
import { RespondResultSchema } from './alert-respond';
import { IdSchema, TimestampSchema } from './common';
import { GuardianRelationshipSchema } from './guardian';
import { CheckInSchema, EscortSessionSchema, JourneyWarningSchema } from './journey';
import { LocationSchema } from './location';
import { ProtectionSettingsResponseSchema } from './protection';
import { RecordingSchema } from './recording';
import { StopSharingResponseSchema } from './sharing';
import type { RealtimeControl } from './realtime-envelope';

export { RealtimeControlSchema, RealtimeEnvelopeSchema } from './realtime-envelope';
export type { RealtimeControl, RealtimeEnvelope } from './realtime-envelope';

export const NotificationKindSchema = z.enum(['info', 'success', 'warning', 'error']);

/** The payload of each event type. */
export const RealtimePayloadSchemas = {
  /** A new position of the person (only sent while their location sharing is on). */
  'location.updated': LocationSchema,
  /** The person raised an alert. */
  'alert.created': AlertSchema,
  /** The person ended their alert with "I'm safe": the alert as it now stands (`status: 'resolved'`). */
  'alert.resolved': AlertSchema,
  /**
   * The person (a guardian) said "Seen" to a ward's alert on one of their devices; sent only to them, so their
   * other devices quieten the same banner.
   */
  'alert.seen': AlertAcknowledgementSchema,
  /**
   * A step of the person's alert's life: someone answered it, it escalated, a call ended. Carries the alert's
   * state and every response as they now stand.
   */
  'alert.progress': AlertProgressSchema,
  /**
   * The person (a guardian) answered a ward's alert ("I'm on my way", "I'm calling them") on one of their devices
   * or from a push: the alert's progress and their own answer, sent only to them, so every device of theirs says
   * "You answered". `alert.progress` does not say whose answer it carries.
   */
  'alert.answered': RespondResultSchema.omit({ changed: true }),
  /** One text of the person's alert changed status (pending → sending → sent | failed). */
  'alert.delivery_updated': z.object({ alert_id: IdSchema, delivery: AlertDeliverySchema }),
  /** The person's escort session as it now stands (started, route grew, time added, completed, expired). */
  'escort.updated': EscortSessionSchema,
  /** The person's check-in as it now stands (started, checked in, stopped, missed). */
  'checkin.updated': CheckInSchema,
  /** Guardians only: the person's phone went silent during a journey, or its battery is about to die. */
  'journey.warning': JourneyWarningSchema,
  /** A relationship the recipient is part of changed; `role` is the recipient's side. Sent only to that party. */
  'relationship.updated': GuardianRelationshipSchema,
  /**
   * A recording of the person as it now stands: sent when it starts, when it finishes or is cut off, and when it
   * is deleted (`status` as it was, `deleted: true`). Pieces in between reach watchers through the media stream.
   */
  'recording.updated': RecordingSchema.extend({ deleted: z.boolean() }),
  /**
   * The person's AI Protection settings as they now stand, after a change on one of their devices; sent only to
   * them, so their other devices apply it at once.
   */
  'protection.updated': ProtectionSettingsResponseSchema,
  /**
   * The person stopped all sharing (POST /api/sharing/stop): their other devices read their links again, and
   * every server instance ends the media streams those links were watching. Only to the person.
   */
  'sharing.stopped': StopSharingResponseSchema,
  /** Something to add to the notification list (docs/PRODUCT.md#notifications). */
  notification: z.object({
    id: z.string(),
    type: NotificationKindSchema,
    title: z.string(),
    message: z.string(),
  }),
} as const;

export type RealtimeEventType = keyof typeof RealtimePayloadSchemas;
export const REALTIME_EVENT_TYPES = Object.keys(RealtimePayloadSchemas) as RealtimeEventType[];
export type RealtimePayload<T extends RealtimeEventType> = z.infer<(typeof RealtimePayloadSchemas)[T]>;

const envelope = <T extends RealtimeEventType>(type: T) =>
  z.object({
    /** Increases with every event; keep the highest one seen and send it as `since` when reconnecting. */
    id: z.int().positive(),
    type: z.literal(type),
    /** The person the event is about (the ward, for a guardian). */
    user_id: IdSchema,
    created_at: TimestampSchema,
    payload: RealtimePayloadSchemas[type],
  });

export const RealtimeEventSchema = z.discriminatedUnion('type', [
  envelope('location.updated'),
  envelope('alert.created'),
  envelope('alert.resolved'),
  envelope('alert.seen'),
  envelope('alert.progress'),
  envelope('alert.answered'),
  envelope('alert.delivery_updated'),
  envelope('escort.updated'),
  envelope('checkin.updated'),
  envelope('journey.warning'),
  envelope('relationship.updated'),
  envelope('recording.updated'),
  envelope('protection.updated'),
  envelope('sharing.stopped'),
  envelope('notification'),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;

/** Everything the server sends: an event or a control message. */
export type RealtimeServerMessage = RealtimeEvent | RealtimeControl;

const sinceRule = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Messages a client may send. */
export const RealtimeClientMessageSchema = z.discriminatedUnion('type', [
  /** Authenticate when the URL had no `access_token` (must be the first message). */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  /** Replay events with an id above `since`. */
  z.object({ type: z.literal('resume'), since: sinceRule }),
  /** Application-level keep-alive (answered with `pong`); the server also pings at the protocol level. */
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;

/** The query string of GET /api/realtime. */
export const RealtimeQuerySchema = z.object({
  access_token: z.string().optional(),
  since: z.coerce.number().pipe(sinceRule).optional(),
});
