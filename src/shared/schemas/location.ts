/**
 * Live location (docs/PRODUCT.md#live-location-and-share-links; rules in docs/PRODUCT.md#location-readings):
 * what a device posts to POST /api/locations and what a guardian reads back.
 */
import { z } from 'zod';
import { LOCATION_LIMITS } from '../constants';
import { LOCATION_TEXTS, VALIDATION } from '../texts';
import { IdSchema, TimestampSchema } from './common';
import {
  accuracyRule,
  addressRule,
  headingRule,
  latitudeRule,
  longitudeRule,
  speedRule,
} from './field-rules';

const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** When the reading was taken: an ISO 8601 date-time or, as the browser's Position gives it, epoch ms. */
const timestampRule = z
  .union(
    [
      z.iso.datetime({ offset: true, error: LOCATION_TEXTS.invalidTimestamp }),
      z
        .number({ error: LOCATION_TEXTS.invalidTimestamp })
        .int(LOCATION_TEXTS.invalidTimestamp)
        .min(0, LOCATION_TEXTS.invalidTimestamp)
        .max(8.64e15, LOCATION_TEXTS.invalidTimestamp),
    ],
    { error: LOCATION_TEXTS.invalidTimestamp },
  )
  .transform((value) => new Date(value));

const batteryRule = z
  .number({ error: LOCATION_TEXTS.batteryRange })
  .min(0, LOCATION_TEXTS.batteryRange)
  .max(100, LOCATION_TEXTS.batteryRange)
  .transform(Math.round);

/** One reading. Latitude and longitude are required; the rest may be absent or null (as the browser gives). */
export const LocationReadingSchema = z.object(
  {
    latitude: latitudeRule,
    longitude: longitudeRule,
    accuracy: accuracyRule.nullish(),
    speed: speedRule.nullish(),
    heading: headingRule.nullish(),
    altitude: z.number().refine(Number.isFinite, VALIDATION.altitudeFinite).nullish(),
    address: z.preprocess(blankToUndefined, addressRule.nullish()),
    timestamp: timestampRule.nullish(),
    /** Device battery in percent (as on the System Ready card), shown to guardians. */
    battery: batteryRule.nullish(),
    /** The device's own online flag when the reading was taken (a queued offline reading says false). */
    online: z.boolean().nullish(),
  },
  { error: VALIDATION.latitudeRange },
);
export type LocationReading = z.input<typeof LocationReadingSchema>;
export type ParsedLocationReading = z.output<typeof LocationReadingSchema>;

/**
 * POST /api/locations: one reading, or `{readings: [...]}` (up to 100, e.g. a queue flushed after being
 * offline). A single reading is read as a batch of one, so every message names the offending field directly.
 */
export const LocationIngestRequestSchema = z
  .preprocess(
    (body) =>
      body !== null && typeof body === 'object' && !Array.isArray(body) && !('readings' in body)
        ? { readings: [body] }
        : body,
    z.object(
      {
        readings: z
          .array(LocationReadingSchema, { error: LOCATION_TEXTS.readingsRequired })
          .min(1, LOCATION_TEXTS.readingsRequired)
          .max(LOCATION_LIMITS.maxReadingsPerRequest, LOCATION_TEXTS.tooManyReadings),
      },
      { error: LOCATION_TEXTS.readingsRequired },
    ),
  )
  .meta({ example: { readings: [{ latitude: 51.5007, longitude: -0.1246, accuracy: 12 }] } });
export type LocationIngestRequest = LocationReading | { readings: LocationReading[] };

/**
 * `stored`: readings at a new place (each a new point of the route). `checked`: readings that found the phone
 * still at a place already stored: they add no point but move that place's `checked_at`. `sharing: false` = the
 * person's location sharing is off, so nothing was stored or sent.
 */
export const LocationIngestResponseSchema = z.object({
  stored: z.int().min(0),
  checked: z.int().min(0),
  sharing: z.boolean(),
});
export type LocationIngestResponse = z.infer<typeof LocationIngestResponseSchema>;

/**
 * A stored place. `recorded_at` is when the reading that put the phone there was taken (never later than when the
 * server received it); `checked_at` is the newest reading that found it still at exactly this place (equal to
 * `recorded_at` until one does; absent from positions kept before the server tracked it).
 */
export const LocationSchema = z.object({
  user_id: IdSchema,
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  altitude: z.number().nullable(),
  address: z.string().nullable(),
  battery_level: z.number().nullable(),
  online: z.boolean().nullable(),
  recorded_at: TimestampSchema,
  checked_at: TimestampSchema.optional(),
});
export type Location = z.infer<typeof LocationSchema>;

/** A point of a route line (lighter than a full reading). */
export const RoutePointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  recorded_at: TimestampSchema,
});
export type RoutePoint = z.infer<typeof RoutePointSchema>;

/**
 * `userId` omitted = the caller. Any other value must be an active ward of the caller, else 404 — also a value
 * that is not a UUID: like an id in a path, an id of the wrong shape names nobody (so it is not refused as 400).
 */
export const LocationSubjectQuerySchema = z.object({ userId: z.string().max(100).optional() });

/** GET /api/locations/latest. */
export const LatestLocationResponseSchema = z.object({
  user_id: IdSchema,
  sharing: z.boolean(),
  location: LocationSchema.nullable(),
});
export type LatestLocationResponse = z.infer<typeof LatestLocationResponseSchema>;

/** GET /api/locations/route: the latest readings (at most 50), oldest first. */
export const LocationRouteResponseSchema = z.object({
  user_id: IdSchema,
  sharing: z.boolean(),
  route: z.array(RoutePointSchema),
});
export type LocationRouteResponse = z.infer<typeof LocationRouteResponseSchema>;
