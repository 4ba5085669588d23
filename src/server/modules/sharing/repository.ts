/** The sharing_views table (migration 028): one row per visit of one viewer to one thing the person shares. */
import type { DeviceKind, SharingViewKind, SharingViewVia } from '#shared/schemas/sharing';
import type { Queryable } from '../../db/database';

export type VisitInput = {
  ownerId: string;
  kind: SharingViewKind;
  via: SharingViewVia;
  shareLinkId: string | null;
  responderLinkId: string | null;
  recordingId: string | null;
  viewerUserId: string | null;
  device: DeviceKind;
  network: string;
};

/** What makes two looks one visit: the same thing, reached the same way, by the same device kind and network. */
export function visitKeyOf(visit: VisitInput): string {
  return [
    visit.kind,
    visit.via,
    visit.shareLinkId ?? visit.responderLinkId ?? visit.viewerUserId,
    visit.recordingId ?? '',
    visit.device,
    visit.network,
  ].join('|');
}

/**
 * Counts one look: the viewer's visit seen since `visitSince` gets one more view and a later last time, else a
 * new visit starts. One statement, so a look costs one round trip. Two looks racing may start two visits, which
 * only splits a count.
 */
export async function recordVisit(
  db: Queryable,
  visit: VisitInput,
  now: Date,
  visitSince: Date,
): Promise<void> {
  await db.query(
    `WITH visit AS (
       SELECT id FROM sharing_views WHERE visit_key = $1 AND last_seen_at > $2
       ORDER BY last_seen_at DESC LIMIT 1
     ), bumped AS (
       UPDATE sharing_views s SET views = s.views + 1, last_seen_at = GREATEST(s.last_seen_at, $3)
       FROM visit WHERE s.id = visit.id RETURNING s.id
     )
     INSERT INTO sharing_views (owner_id, kind, via, share_link_id, responder_link_id, recording_id,
                                viewer_user_id, device, network, visit_key, first_seen_at, last_seen_at)
     SELECT $4::uuid, $5::text, $6::text, $7::uuid, $8::uuid, $9::uuid, $10::uuid, $11::text, $12::text, $1,
            $3, $3
     WHERE NOT EXISTS (SELECT 1 FROM bumped)`,
    [
      visitKeyOf(visit),
      visitSince,
      now,
      visit.ownerId,
      visit.kind,
      visit.via,
      visit.shareLinkId,
      visit.responderLinkId,
      visit.recordingId,
      visit.viewerUserId,
      visit.device,
      visit.network,
    ],
  );
}

export type VisitRow = {
  id: string;
  kind: SharingViewKind;
  via: SharingViewVia;
  share_link_id: string | null;
  recording_id: string | null;
  device: DeviceKind;
  network: string;
  views: number;
  first_seen_at: Date;
  last_seen_at: Date;
  /** The guardian's name, or the name of the contact a responder link was texted to. */
  viewer_name: string | null;
};

/** The person's visits, the latest first. */
export async function listVisits(db: Queryable, ownerId: string, limit: number): Promise<VisitRow[]> {
  const { rows } = await db.query<VisitRow>(
    `SELECT v.id, v.kind, v.via, v.share_link_id, v.recording_id, v.device, v.network, v.views,
            v.first_seen_at, v.last_seen_at,
            CASE v.via WHEN 'guardian' THEN p.full_name WHEN 'responder_link' THEN r.recipient_name END
              AS viewer_name
     FROM sharing_views v
     LEFT JOIN profiles p ON p.id = v.viewer_user_id
     LEFT JOIN alert_responder_links r ON r.id = v.responder_link_id
     WHERE v.owner_id = $1
     ORDER BY v.last_seen_at DESC, v.id DESC LIMIT $2`,
    [ownerId, limit],
  );
  return rows;
}

/** The retention chore: visits whose last look is older than `before` go. */
export async function deleteVisitsBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM sharing_views WHERE last_seen_at < $1', [before]);
}
