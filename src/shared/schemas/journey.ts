/**
 * Journeys: escort sessions and check-ins (docs/PRODUCT.md#escort-mode, #safety-check-in), the phone's heartbeat
 * during one, the warnings guardians get, and what a guardian reads of their wards' journeys. Every deadline
 * lives on the server (docs/ARCHITECTURE.md, "The path of a deadline").
 */
import { z } from 'zod';
import { CHECK_IN, ESCORT, LIMITS } from '../constants';
import { CHECK_IN_API_TEXTS, ESCORT_API_TEXTS } from '../journey-texts';
import { LOCATION_TEXTS } from '../texts';
import { IdSchema, TimestampSchema } from './common';
import { accuracyRule, hasScriptContent, latitudeRule, longitudeRule } from './field-rules';
import { LocationSchema } from './location';

/** Angle brackets would let a destination pose as markup where it is shown; apostrophes ("Mom's") are fine. */
const MARKUP = /[<>]/;

/** Where the person is going, as they typed it: required, at most 200 characters, no markup. */
export const destinationRule = z
  .string({ error: ESCORT_API_TEXTS.invalidInput })
  .trim()
  .min(1, ESCORT_API_TEXTS.invalidInput)
  .max(LIMITS.address.max, ESCORT_API_TEXTS.destinationTooLong)
  .refine(
    (destination) => !MARKUP.test(destination) && !hasScriptContent(destination),
    ESCORT_API_TEXTS.destinationInvalid,
  );

/** Whole minutes in a range; below the floor says the same words as a missing destination (invalidInput). */
const escortMinutesRule = z
  .number({ error: ESCORT_API_TEXTS.invalidInput })
  .int(ESCORT_API_TEXTS.durationRange)
  .min(ESCORT.minMinutes, ESCORT_API_TEXTS.invalidInput)
  .max(ESCORT.maxMinutes, ESCORT_API_TEXTS.durationRange);

export const EscortStatusSchema = z.enum(['active', 'completed', 'expired']);
export type EscortStatus = z.infer<typeof EscortStatusSchema>;

/** A point of the escort's route, as the phone took it. */
export const EscortRoutePointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  recorded_at: TimestampSchema,
});
export type EscortRoutePoint = z.infer<typeof EscortRoutePointSchema>;

/**
 * An escort session. `deadline_at` is the server's: every screen counts down to it, so a reload or a second
 * device shows the same time. `expired`: the deadline passed and the server raised `alert_id` (null when the
 * person had no contacts and no guardian could be told).
 */
export const EscortSessionSchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  status: EscortStatusSchema,
  destination_address: z.string(),
  estimated_duration_minutes: z.int(),
  started_at: TimestampSchema,
  deadline_at: TimestampSchema,
  completed_at: TimestampSchema.nullable(),
  expired_at: TimestampSchema.nullable(),
  alert_id: IdSchema.nullable(),
  route: z.array(EscortRoutePointSchema),
  /**
   * The last chance after the deadline (seconds): the phone asks "Are you safe?" and the contacts are texted when
   * it has passed (docs/PRODUCT.md#last-chance-before-contacts-are-texted). Absent means none (0).
   */
  last_chance_seconds: z.int().min(0).optional(),
});
export type EscortSession = z.infer<typeof EscortSessionSchema>;

/** POST /api/escort-sessions. */
export const StartEscortRequestSchema = z
  .object(
    { destination_address: destinationRule, estimated_duration_minutes: escortMinutesRule },
    { error: ESCORT_API_TEXTS.invalidInput },
  )
  .meta({ example: { destination_address: '12 Market Street', estimated_duration_minutes: 30 } });
export type StartEscortRequest = z.input<typeof StartEscortRequestSchema>;

/** POST /api/escort-sessions/:id/extend ("Add time"). */
export const ExtendEscortRequestSchema = z
  .object(
    {
      minutes: z
        .number({ error: ESCORT_API_TEXTS.extendRange })
        .int(ESCORT_API_TEXTS.extendRange)
        .min(ESCORT.extendMinMinutes, ESCORT_API_TEXTS.extendRange)
        .max(ESCORT.extendMaxMinutes, ESCORT_API_TEXTS.extendRange),
    },
    { error: ESCORT_API_TEXTS.extendRange },
  )
  .meta({ example: { minutes: 15 } });
export type ExtendEscortRequest = z.input<typeof ExtendEscortRequestSchema>;

/** When a point was taken: ISO 8601 or epoch ms, as the browser gives it. */
const pointTimeRule = z
  .union([
    z.iso.datetime({ offset: true, error: LOCATION_TEXTS.invalidTimestamp }),
    z.number().int().min(0).max(8.64e15),
  ])
  .transform((value) => new Date(value));

/** POST /api/escort-sessions/:id/route: points the phone took, oldest first. */
export const EscortRouteRequestSchema = z
  .object(
    {
      points: z
        .array(
          z.object({
            latitude: latitudeRule,
            longitude: longitudeRule,
            accuracy: accuracyRule.nullish(),
            timestamp: pointTimeRule.nullish(),
          }),
          { error: ESCORT_API_TEXTS.routePointsRequired },
        )
        .min(1, ESCORT_API_TEXTS.routePointsRequired)
        .max(ESCORT.maxRoutePointsPerRequest, ESCORT_API_TEXTS.tooManyRoutePoints),
    },
    { error: ESCORT_API_TEXTS.routePointsRequired },
  )
  .meta({ example: { points: [{ latitude: 51.5007, longitude: -0.1246, accuracy: 12 }] } });
export type EscortRouteRequest = z.input<typeof EscortRouteRequestSchema>;

/**
 * GET /api/escort-sessions/active: the person's active escort; else their newest expired one whose alert is still
 * open (until they end it with "I'm safe"), or that expired in the last hour without an alert (nobody could be
 * told); else null.
 */
export const ActiveEscortResponseSchema = z.object({ session: EscortSessionSchema.nullable() });
export type ActiveEscortResponse = z.infer<typeof ActiveEscortResponseSchema>;

export const CheckInStatusSchema = z.enum(['active', 'stopped', 'missed']);
export type CheckInStatus = z.infer<typeof CheckInStatusSchema>;

/** A check-in: the person promises to check in every `interval_minutes`; `next_due_at` is the server's. */
export const CheckInSchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  status: CheckInStatusSchema,
  interval_minutes: z.int(),
  started_at: TimestampSchema,
  next_due_at: TimestampSchema,
  last_checked_in_at: TimestampSchema.nullable(),
  stopped_at: TimestampSchema.nullable(),
  missed_at: TimestampSchema.nullable(),
  alert_id: IdSchema.nullable(),
  /** As the escort's: the last chance after `next_due_at`, in seconds. */
  last_chance_seconds: z.int().min(0).optional(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

/** POST /api/checkins. */
export const StartCheckInRequestSchema = z
  .object(
    {
      interval_minutes: z
        .number({ error: CHECK_IN_API_TEXTS.intervalRange })
        .int(CHECK_IN_API_TEXTS.intervalRange)
        .min(CHECK_IN.minMinutes, CHECK_IN_API_TEXTS.intervalRange)
        .max(CHECK_IN.maxMinutes, CHECK_IN_API_TEXTS.intervalRange),
    },
    { error: CHECK_IN_API_TEXTS.intervalRange },
  )
  .meta({ example: { interval_minutes: 30 } });
export type StartCheckInRequest = z.input<typeof StartCheckInRequestSchema>;

/**
 * GET /api/checkins/active: the person's active check-in; else their newest missed one whose alert is still open,
 * or that was missed in the last hour without an alert; else null.
 */
export const ActiveCheckInResponseSchema = z.object({ checkin: CheckInSchema.nullable() });
export type ActiveCheckInResponse = z.infer<typeof ActiveCheckInResponseSchema>;

/**
 * POST /api/journeys/heartbeat: the phone is alive (sent every JOURNEY_WATCH.heartbeatMs while a journey is
 * active, also without a position). `battery` in percent.
 */
export const JourneyHeartbeatRequestSchema = z
  .object(
    {
      battery: z
        .number({ error: LOCATION_TEXTS.batteryRange })
        .min(0, LOCATION_TEXTS.batteryRange)
        .max(100, LOCATION_TEXTS.batteryRange)
        .transform(Math.round)
        .nullish(),
    },
    { error: LOCATION_TEXTS.batteryRange },
  )
  .meta({ example: { battery: 64 } });
export type JourneyHeartbeatRequest = z.input<typeof JourneyHeartbeatRequestSchema>;

/** `journeys`: how many active journeys the heartbeat counted for (0: nothing is watched). */
export const JourneyHeartbeatResponseSchema = z.object({ journeys: z.int().min(0) });

export const JourneyKindSchema = z.enum(['escort', 'checkin']);
export type JourneyKind = z.infer<typeof JourneyKindSchema>;

/**
 * What guardians are told before a deadline (docs/PRODUCT.md#warnings-to-guardians-during-a-journey): `silence`, the
 * phone has sent nothing since `last_signal_at`; `last_gasp`, its battery is about to die. Each at most once per
 * journey. `location` is the newest stored position, if any.
 */
export const JourneyWarningSchema = z.object({
  kind: z.enum(['silence', 'last_gasp']),
  journey: JourneyKindSchema,
  journey_id: IdSchema,
  user_id: IdSchema,
  last_signal_at: TimestampSchema,
  battery: z.number().nullable(),
  location: LocationSchema.nullable(),
  created_at: TimestampSchema,
});
export type JourneyWarning = z.infer<typeof JourneyWarningSchema>;

/**
 * GET /api/wards/journeys: the open escorts and check-ins of everyone the caller actively guards (and those that
 * expired or were missed in the last WARD_ACTIVITY.retentionHours), with the warnings sent for them.
 */
export const WardJourneysResponseSchema = z.object({
  escorts: z.array(EscortSessionSchema),
  checkins: z.array(CheckInSchema),
  warnings: z.array(JourneyWarningSchema),
});
export type WardJourneysResponse = z.infer<typeof WardJourneysResponseSchema>;
