/**
 * The alert pipeline's contracts: POST/GET /api/alerts, GET /api/alerts/:id and POST /api/send-emergency-sms
 * (docs/PRODUCT.md#alert-endpoints; field rules in docs/PRODUCT.md#emergency-messages-and-alerts).
 */
import { z } from 'zod';
import {
  ALERT_TRIGGER_TYPES,
  SERVER_ONLY_TRIGGER_TYPES,
  DELAYED_ALERT,
  EMERGENCY_SMS,
  HELD_REASONS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LIMITS,
} from '../constants';
import { normalisePhoneNumber } from '../phone';
import { IdSchema, TimestampSchema } from './common';
import { AlertMeetingSchema, AlertMeetingViewSchema } from './meeting';
import {
  AlertResponseKindSchema,
  AlertResponseSchema,
  AlertStateSchema,
  AlertTimelineEntrySchema,
} from './alert-life';
import { ALERT_LIST_QUERY_TEXTS, VALIDATION } from '../texts';
import {
  accuracyRule,
  emergencyMessageRule,
  hasScriptContent,
  latitudeRule,
  longitudeRule,
  phoneRule,
} from './field-rules';

export const AlertTriggerTypeSchema = z.enum(ALERT_TRIGGER_TYPES);
export type AlertTriggerType = z.infer<typeof AlertTriggerTypeSchema>;
/** What a client may raise: every trigger but those only the server raises (the duress alert). */
export const ClientTriggerTypeSchema = AlertTriggerTypeSchema.exclude(SERVER_ONLY_TRIGGER_TYPES);
export type ClientTriggerType = z.infer<typeof ClientTriggerTypeSchema>;

/**
 * Alert address (docs/PRODUCT.md#emergency-messages-and-alerts): at most 200 characters; blank counts as
 * absent.
 */
export const alertAddressRule = z
  .string({ error: VALIDATION.addressTooLong })
  .trim()
  .max(LIMITS.address.max, VALIDATION.addressTooLong)
  .transform((address) => address || undefined);

/**
 * Alert notes (docs/PRODUCT.md#emergency-messages-and-alerts): at most 1000 characters, no script
 * content.
 */
export const alertNotesRule = z
  .string({ error: VALIDATION.alertNotesTooLong })
  .trim()
  .max(LIMITS.alertNotes.max, VALIDATION.alertNotesTooLong)
  .refine((notes) => !hasScriptContent(notes), VALIDATION.invalidContent);

export const AlertLocationSchema = z.object({
  latitude: latitudeRule,
  longitude: longitudeRule,
  accuracy: accuracyRule.nullish(),
  address: alertAddressRule.nullish(),
});
export type AlertLocation = z.input<typeof AlertLocationSchema>;

/** POST /api/alerts (docs/PRODUCT.md#alert-endpoints). */
export const CreateAlertRequestSchema = z
  .object({
    triggerType: ClientTriggerTypeSchema,
    message: emergencyMessageRule.optional(),
    notes: alertNotesRule.optional(),
    location: AlertLocationSchema.nullish(),
    recordingId: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,100}$/, VALIDATION.invalidRecordingId)
      .optional(),
    /** Set when a phone that was offline sends a queued SOS: how long ago (by its own clock) it was raised. */
    raisedSecondsAgo: z.int().min(0).max(DELAYED_ALERT.maxRaisedSecondsAgo).optional(),
    /**
     * The meeting of the phone's Who You're Meeting log that was under way when the alert was raised: stored with
     * the alert, named in the contacts' text, shown (with its photo) to the person and their active guardians.
     */
    meeting: AlertMeetingSchema.optional(),
  })
  .meta({
    example: {
      triggerType: 'manual',
      message: 'I need help',
      location: { latitude: 51.5007, longitude: -0.1246, accuracy: 12 },
    },
  });
export type CreateAlertRequest = z.input<typeof CreateAlertRequestSchema>;

/**
 * The `Idempotency-Key` header of POST /api/alerts and POST /api/send-emergency-sms. A client makes one key per
 * SOS and sends it with every retry of that SOS: the server then creates one alert and texts each number once.
 */
export const IdempotencyKeySchema = z
  .string({ error: VALIDATION.invalidIdempotencyKey })
  .regex(new RegExp(`^[\\x21-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), VALIDATION.invalidIdempotencyKey);
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotentRequestHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional(),
});

/**
 * Where an alert's position came from: `phone`, sent with the SOS; `last_known`, the newest position the server
 * held when the phone sent none (taken at `location_recorded_at`).
 */
export const ALERT_LOCATION_SOURCES = ['phone', 'last_known'] as const;
export type AlertLocationSource = (typeof ALERT_LOCATION_SOURCES)[number];

/**
 * `kept_in_dev_outbox`: a development server without an SMS provider stored the text in its dev outbox; nobody
 * received it. Final, and never counted as sent. `cancelled`: an alert text that had not gone out yet when the
 * person said they were safe; never sent (docs/PRODUCT.md#an-alert-has-a-beginning-and-an-end).
 */
export const ALERT_DELIVERY_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'kept_in_dev_outbox',
  'cancelled',
] as const;

/**
 * What a delivery says: `alert`, the SOS itself; `all_clear`, the follow-up sent when the person says they are
 * safe ("I'm safe"), to everyone the alert reached; `escalation`, a step of the escalation ladder while nobody has
 * answered (a guardian's push again, a "STILL NO RESPONSE" text, the call to the primary contact).
 */
export const DELIVERY_PURPOSES = ['alert', 'all_clear', 'escalation'] as const;
export const DeliveryPurposeSchema = z.enum(DELIVERY_PURPOSES);
export type DeliveryPurpose = z.infer<typeof DeliveryPurposeSchema>;

/**
 * How a delivery reaches its recipient: a text or a call to a contact's number, an e-mail, or a push to a
 * guardian's browsers. The API's `deliveries` list the person's contacts (every channel but `push`).
 */
export const DELIVERY_CHANNELS = ['sms', 'push', 'voice', 'email'] as const;
export const DeliveryChannelSchema = z.enum(DELIVERY_CHANNELS);
export type DeliveryChannel = z.infer<typeof DeliveryChannelSchema>;
export const AlertDeliveryStatusSchema = z.enum(ALERT_DELIVERY_STATUSES);
export type AlertDeliveryStatus = z.infer<typeof AlertDeliveryStatusSchema>;

/** An alert is `active` until the person says they are safe; then it is `resolved`. */
export const ALERT_STATUSES = ['active', 'resolved'] as const;
export const AlertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof AlertStatusSchema>;

/** An alert as stored and answered by the alert endpoints (docs/PRODUCT.md#alert-endpoints). */
export const AlertSchema = z.object({
  id: IdSchema,
  trigger_type: AlertTriggerTypeSchema,
  message: z.string().nullable(),
  notes: z.string().nullable(),
  location_lat: z.number().nullable(),
  location_lng: z.number().nullable(),
  location_accuracy: z.number().nullable(),
  location_address: z.string().nullable(),
  /** Null without a position. Defaults to null for events stored before the field existed. */
  location_source: z.enum(ALERT_LOCATION_SOURCES).nullable().default(null),
  /** When a `last_known` position was taken; null otherwise. */
  location_recorded_at: TimestampSchema.nullable().default(null),
  recording_id: z.string().nullable(),
  /** When the person raised it; earlier than `created_at` (when the server got it) for an SOS sent late. */
  occurred_at: TimestampSchema,
  created_at: TimestampSchema,
  /**
   * `active` until the person ends it with "I'm safe" (POST /api/alerts/:id/resolve), then `resolved` from
   * `resolved_at`. Defaults for events stored before the fields existed.
   */
  status: AlertStatusSchema.default('active'),
  resolved_at: TimestampSchema.nullable().default(null),
  /**
   * Where the alert is in its life (src/shared/alert-life.ts): `raised`, `escalating` while nobody has answered,
   * `acknowledged` once someone has, `resolved` once the person is safe. Defaults for events stored before it.
   */
  state: AlertStateSchema.default('raised'),
  /** When someone first answered the alert (a guardian, a contact, the escalation call); null until then. */
  acknowledged_at: TimestampSchema.nullable().default(null),
  /**
   * The meeting the alert carries (POST /api/alerts `meeting`), for the person and their active guardians; the
   * photo itself is GET /api/alerts/:id/meeting-photo. Null without one (and for events stored before it existed).
   */
  meeting: AlertMeetingViewSchema.nullable().default(null),
});
export type Alert = z.infer<typeof AlertSchema>;

/** Why a cap held an alert text back (docs/SECURITY.md#texts-cannot-be-abused): never sent by Beacon. */
export const HeldReasonSchema = z.enum(HELD_REASONS);
export type HeldReason = z.infer<typeof HeldReasonSchema>;

/**
 * One text to one number. `pending` = waiting for its (next) attempt at `next_attempt_at`; `sending` = an attempt
 * is under way; `sent`, `failed` and `kept_in_dev_outbox` are final. `last_error` says why the latest attempt did
 * not succeed. `held_reason` is present only on a `failed` text that a cap held back before any attempt.
 */
export const AlertDeliverySchema = z.object({
  id: IdSchema,
  /** Defaults to `alert` for events stored before the field existed. */
  purpose: DeliveryPurposeSchema.default('alert'),
  channel: DeliveryChannelSchema,
  recipient: z.string(),
  recipient_name: z.string().nullable(),
  status: AlertDeliveryStatusSchema,
  attempts: z.int().min(0),
  last_error: z.string().nullable(),
  next_attempt_at: TimestampSchema.nullable(),
  sent_at: TimestampSchema.nullable(),
  held_reason: HeldReasonSchema.optional(),
});
export type AlertDelivery = z.infer<typeof AlertDeliverySchema>;

/** `successful` counts `sent` deliveries; pending ones are not successful yet, and texts kept in the dev outbox never. */
export const AlertSummarySchema = z.object({ successful: z.int().min(0), total: z.int().min(0) });
export type AlertSummary = z.infer<typeof AlertSummarySchema>;

/**
 * The answer of POST /api/alerts and GET /api/alerts/:id. `deliveries` holds the alert's texts and, once the
 * person is safe, the follow-ups (`purpose`); `emergencyContacts` and `summary` count the alert's texts only.
 */
export const AlertDetailSchema = z.object({
  alert: AlertSchema,
  emergencyContacts: z.int().min(0),
  deliveries: z.array(AlertDeliverySchema),
  summary: AlertSummarySchema,
  /** Who answered, oldest first (one per responder, their latest answer). */
  responses: z.array(AlertResponseSchema).default([]),
  /** Every step of the alert's life, oldest first: raised, responses, escalation steps, call outcomes, resolved. */
  timeline: z.array(AlertTimelineEntrySchema).default([]),
});
export type AlertDetail = z.infer<typeof AlertDetailSchema>;

/**
 * What an SOS request did (docs/decisions/023-sms-limits-that-cannot-silence-a-victim.md): `created`, a new
 * alert (201); `repeated`, the same Idempotency-Key with the same request, the alert it made (200); `joined`, the
 * person already had an alert they had not ended (or one that was open when this SOS was raised), so this SOS is
 * that alert (200): its contacts are not texted again, and only contacts it had not texted yet, and texts a limit
 * held back, are tried now.
 */
export const RAISE_OUTCOMES = ['created', 'repeated', 'joined'] as const;
export const RaiseOutcomeSchema = z.enum(RAISE_OUTCOMES);
export type RaiseOutcome = z.infer<typeof RaiseOutcomeSchema>;

/** The answer of POST /api/alerts: the alert as it now stands, and what this request did. */
export const RaiseAlertResponseSchema = AlertDetailSchema.extend({ outcome: RaiseOutcomeSchema });
export type RaiseAlertResponse = z.infer<typeof RaiseAlertResponseSchema>;

export const AlertListResponseSchema = z.object({ alerts: z.array(AlertDetailSchema) });

/** GET /api/alerts?status=active: only the alerts the person has not ended yet (every device shows them). */
export const AlertListQuerySchema = z.object({
  status: z.enum(ALERT_STATUSES, { error: ALERT_LIST_QUERY_TEXTS.invalidStatus }).optional(),
});
export type AlertListQuery = z.infer<typeof AlertListQuerySchema>;
export type AlertListResponse = z.infer<typeof AlertListResponseSchema>;

/**
 * One alert of someone the caller watches over (GET /api/wards/alerts): the alert as its owner sees it, and when
 * the caller said "Seen" (POST /api/wards/alerts/:id/seen; null until then, and per guardian).
 */
export const WardAlertDetailSchema = AlertDetailSchema.extend({
  ward_id: IdSchema,
  seen_at: TimestampSchema.nullable(),
  /** The caller's own answer (POST /api/wards/alerts/:id/respond); null until they answer, and per guardian. */
  my_response: AlertResponseKindSchema.nullable().optional(),
});
export type WardAlertDetail = z.infer<typeof WardAlertDetailSchema>;

export const WardAlertListResponseSchema = z.object({ alerts: z.array(WardAlertDetailSchema) });
export type WardAlertListResponse = z.infer<typeof WardAlertListResponseSchema>;

/** The answer of POST /api/wards/alerts/:id/seen and the `alert.seen` event: this guardian saw that alert. */
export const AlertAcknowledgementSchema = z.object({
  alert_id: IdSchema,
  ward_id: IdSchema,
  /** The first time the guardian said "Seen"; repeating it changes nothing. */
  seen_at: TimestampSchema,
});
export type AlertAcknowledgement = z.infer<typeof AlertAcknowledgementSchema>;

/** A number for a text: normalised (docs/PRODUCT.md#phone-numbers), then held to the E.164 rule. */
export const smsPhoneNumberRule = z
  .string({ error: VALIDATION.phoneFormat })
  .transform(normalisePhoneNumber)
  .pipe(phoneRule);

/**
 * POST /api/send-emergency-sms (docs/PRODUCT.md#alert-endpoints). Numbers are normalised (each texted once); each
 * must be one of the person's saved emergency contacts (checked by the server, docs/PRODUCT.md#texting-only-saved-contacts).
 */
export const SendEmergencySmsRequestSchema = z
  .object({
    message: emergencyMessageRule,
    phoneNumbers: z
      .array(smsPhoneNumberRule, { error: VALIDATION.phoneNumbersRequired })
      .min(1, VALIDATION.phoneNumbersRequired)
      .max(EMERGENCY_SMS.maxPhoneNumbers, VALIDATION.tooManyPhoneNumbers),
    userLocation: z.object({ latitude: latitudeRule, longitude: longitudeRule }).nullish(),
  })
  .meta({
    example: {
      message: 'I need help',
      phoneNumbers: ['+447400123456'],
      userLocation: { latitude: 51.5007, longitude: -0.1246 },
    },
  });
export type SendEmergencySmsRequest = z.input<typeof SendEmergencySmsRequestSchema>;

export const SendEmergencySmsResultSchema = z.object({
  phoneNumber: z.string(),
  success: z.boolean(),
  status: AlertDeliveryStatusSchema,
  error: z.string().optional(),
  heldReason: HeldReasonSchema.optional(),
});
export const SendEmergencySmsResponseSchema = z.object({
  alertId: IdSchema,
  outcome: RaiseOutcomeSchema,
  results: z.array(SendEmergencySmsResultSchema),
  summary: AlertSummarySchema,
});
export type SendEmergencySmsResponse = z.infer<typeof SendEmergencySmsResponseSchema>;
