/**
 * Share links (valid 24 h): a person hands out `{origin}/track/{code}`
 * and anyone holding it sees their position, without signing in, until it expires or is revoked.
 * See docs/PRODUCT.md#live-location-and-share-links.
 */
import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';
import { LocationSchema, RoutePointSchema } from './location';
import { RecordingSchema } from './recording';

export const ShareLinkSchema = z.object({
  id: IdSchema,
  share_code: IdSchema,
  url: z.url(),
  expires_at: TimestampSchema,
  is_active: z.boolean(),
  created_at: TimestampSchema,
  /**
   * Made for the person's SOS texts (not by the person): it shows their position only while the SOS that last
   * sent it is active.
   */
  sent_with_alert: z.boolean(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const ShareLinkListResponseSchema = z.object({ links: z.array(ShareLinkSchema) });
export type ShareLinkListResponse = z.infer<typeof ShareLinkListResponseSchema>;

/** PATCH /api/share-links/:id: only revoking; a revoked link never comes back. */
export const UpdateShareLinkRequestSchema = z
  .object({ is_active: z.literal(false) })
  .meta({ example: { is_active: false } });
export type UpdateShareLinkRequest = z.infer<typeof UpdateShareLinkRequestSchema>;

/** The code is a UUID: anything else cannot be one and answers 404, like a code that does not exist. */
export const ShareCodeParamsSchema = z.object({ shareCode: IdSchema });

/**
 * GET /api/track/:shareCode (public). `location` is the latest known position, `route` the places since the link
 * was made (for a link an SOS text carried: since that SOS was raised; at most 50, oldest first); both are empty
 * when the person has location sharing off, and for an SOS's link once that SOS ended (`positions_ended_at`).
 * `alert` is shown even then: it is not a position.
 * An expired link answers 410 `link_expired`, a revoked one 410 `link_inactive`, an unknown one 404.
 */
export const TrackedAlertSchema = z.object({
  status: z.enum(['active', 'resolved']),
  /** When the person raised the SOS (their phone's time of the tap). */
  raised_at: TimestampSchema,
  /** When they said they were safe; null while the alert is active. */
  resolved_at: TimestampSchema.nullable(),
});
export type TrackedAlert = z.infer<typeof TrackedAlertSchema>;

export const TrackResponseSchema = z.object({
  full_name: z.string(),
  /**
   * The person's newest SOS raised from a day before the link was made on, or null: whether it is still active or
   * when they marked themselves safe (docs/PRODUCT.md#the-tracking-page).
   */
  alert: TrackedAlertSchema.nullable(),
  sharing: z.boolean(),
  location: LocationSchema.omit({ user_id: true }).nullable(),
  route: z.array(RoutePointSchema),
  expires_at: TimestampSchema,
  /**
   * For a link an SOS text carried: when that SOS ended ("I'm safe"). From then on the link shows no position,
   * until a later SOS sends the same link again. Null while it is active, and for a link the person shared.
   */
  positions_ended_at: TimestampSchema.nullable(),
  /** Recordings this link may play, newest first (see schemas/recording.ts). */
  recordings: z.array(RecordingSchema),
});
export type TrackResponse = z.infer<typeof TrackResponseSchema>;
