/**
 * Share links (document 2 §3 share_links row, §7, §9: valid 24 h): a person hands out `{origin}/track/{code}`
 * and anyone holding it sees their position, without signing in, until it expires or is revoked.
 */
import { z } from 'zod';
import { VALIDATION } from '../texts';
import { LocationSchema, RoutePointSchema } from './location';

export const ShareLinkSchema = z.object({
  id: z.string(),
  share_code: z.string(),
  url: z.string(),
  expires_at: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const ShareLinkListResponseSchema = z.object({ links: z.array(ShareLinkSchema) });
export type ShareLinkListResponse = z.infer<typeof ShareLinkListResponseSchema>;

/** PATCH /api/share-links/:id: only revoking; a revoked link never comes back. */
export const UpdateShareLinkRequestSchema = z.object(
  { is_active: z.literal(false, { error: VALIDATION.invalidRequest }) },
  { error: VALIDATION.invalidRequest },
);
export type UpdateShareLinkRequest = z.infer<typeof UpdateShareLinkRequestSchema>;

/** Any string: an id that is not one of the caller's links answers 404, whatever its shape. */
export const ShareLinkIdParamsSchema = z.object({ id: z.string() });
export const ShareCodeParamsSchema = z.object({ shareCode: z.string() });

/**
 * GET /api/track/:shareCode (public). `location` is the latest known position, `route` the readings taken since
 * the link was made (at most 50, oldest first); both are empty when the person has location sharing off.
 * An expired link answers 410 `link_expired`, a revoked one 410 `link_inactive`, an unknown one 404.
 */
export const TrackResponseSchema = z.object({
  full_name: z.string(),
  sharing: z.boolean(),
  location: LocationSchema.omit({ user_id: true }).nullable(),
  route: z.array(RoutePointSchema),
  expires_at: z.string(),
});
export type TrackResponse = z.infer<typeof TrackResponseSchema>;
