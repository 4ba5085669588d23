/**
 * Who has looked at what the person shares, and stopping all sharing at once
 * (docs/PRODUCT.md#who-has-looked-and-stop-all-sharing).
 */
import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/** What was looked at: the tracking page of a share link, a recording, or a contact's responder page. */
export const SharingViewKindSchema = z.enum(['tracking_page', 'recording', 'responder_page']);
export type SharingViewKind = z.infer<typeof SharingViewKindSchema>;

/** How it was reached: a share link, a contact's responder link, or as one of the person's guardians. */
export const SharingViewViaSchema = z.enum(['share_link', 'responder_link', 'guardian']);
export type SharingViewVia = z.infer<typeof SharingViewViaSchema>;

/** A coarse guess from the browser's User-Agent, never more. */
export const DeviceKindSchema = z.enum(['phone', 'tablet', 'computer', 'unknown']);
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

/**
 * One viewer's visit: their looks at one thing within SHARING_VIEWS.visitMinutes of each other. `network` is the
 * viewer's address cut to its network (IPv4 /24 as `203.0.113.0`, IPv6 /48): the full address is never kept.
 * `viewer_name` is the guardian's name, or the contact's name a responder link was texted to; null for a share
 * link, whose holder nobody knows.
 */
export const SharingViewSchema = z.object({
  id: IdSchema,
  kind: SharingViewKindSchema,
  via: SharingViewViaSchema,
  viewer_name: z.string().nullable(),
  share_link_id: IdSchema.nullable(),
  /** Null once the recording was deleted. */
  recording_id: IdSchema.nullable(),
  device: DeviceKindSchema,
  network: z.string(),
  views: z.int().positive(),
  first_seen_at: TimestampSchema,
  last_seen_at: TimestampSchema,
});
export type SharingView = z.infer<typeof SharingViewSchema>;

/** GET /api/sharing/views: the person's own, newest first, at most SHARING_VIEWS.listLimit. */
export const SharingViewListResponseSchema = z.object({ views: z.array(SharingViewSchema) });
export type SharingViewListResponse = z.infer<typeof SharingViewListResponseSchema>;

/**
 * POST /api/sharing/stop: how many share links and responder links it ended. Links an SOS still on sent are
 * kept until that SOS ends, and are not counted.
 */
export const StopSharingResponseSchema = z.object({
  share_links_revoked: z.int().min(0),
  responder_links_revoked: z.int().min(0),
});
export type StopSharingResponse = z.infer<typeof StopSharingResponseSchema>;
