import type { Queryable } from '../../db/database';
import { one } from '../../db/database';

export type ShareLinkRow = {
  id: string;
  user_id: string;
  share_code: string;
  expires_at: Date;
  is_active: boolean;
  created_at: Date;
  /** The newest alert whose texts carry the link; null for a link the person made themselves. */
  alert_id: string | null;
};

const COLUMNS = 'id, user_id, share_code, expires_at, is_active, created_at, alert_id';

export async function insertShareLink(
  db: Queryable,
  link: { userId: string; expiresAt: Date; now: Date; alertId?: string },
): Promise<ShareLinkRow> {
  const row = await one<ShareLinkRow>(
    db,
    `INSERT INTO share_links (user_id, expires_at, is_active, created_at, alert_id) VALUES ($1, $2, true, $3, $4)
     RETURNING ${COLUMNS}`,
    [link.userId, link.expiresAt, link.now, link.alertId ?? null],
  );
  return row!;
}

/** The person's links, newest first (at most `limit`). */
export async function listShareLinks(db: Queryable, userId: string, limit: number): Promise<ShareLinkRow[]> {
  // Not a link made for the duress alert: the person's phone must not see that alert's traces
  // (docs/decisions/042-safety-pin-and-duress.md). A link an earlier SOS made and the duress alert sent again stays.
  const { rows } = await db.query<ShareLinkRow>(
    `SELECT ${COLUMNS} FROM share_links
     WHERE user_id = $1
       AND NOT EXISTS (SELECT 1 FROM alerts a WHERE a.id = share_links.alert_id AND a.trigger_type = 'duress'
                       AND share_links.created_at >= a.created_at)
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

/**
 * The person's active link made for an alert that stays valid until at least `validUntil`, the longest-lived
 * first. A link the person shared themselves is never one: what an SOS text exposes must end with the SOS.
 */
export function findReusableAlertLink(
  db: Queryable,
  userId: string,
  validUntil: Date,
): Promise<ShareLinkRow | undefined> {
  return one<ShareLinkRow>(
    db,
    `SELECT ${COLUMNS} FROM share_links
     WHERE user_id = $1 AND alert_id IS NOT NULL AND is_active AND expires_at > $2
     ORDER BY expires_at DESC LIMIT 1`,
    [userId, validUntil],
  );
}

/** A later alert's texts carry the link again: it shows positions while that alert is active. */
export async function moveAlertLink(db: Queryable, linkId: string, alertId: string): Promise<ShareLinkRow> {
  const row = await one<ShareLinkRow>(
    db,
    `UPDATE share_links SET alert_id = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
    [linkId, alertId],
  );
  return row!;
}

export function findShareLinkById(db: Queryable, id: string): Promise<ShareLinkRow | undefined> {
  return one<ShareLinkRow>(db, `SELECT ${COLUMNS} FROM share_links WHERE id = $1`, [id]);
}

export function findShareLinkByCode(db: Queryable, shareCode: string): Promise<ShareLinkRow | undefined> {
  return one<ShareLinkRow>(db, `SELECT ${COLUMNS} FROM share_links WHERE share_code = $1`, [shareCode]);
}

/** Revokes one of the person's links; undefined when it is not theirs. Revoking twice is harmless. */
export function revokeShareLink(
  db: Queryable,
  userId: string,
  id: string,
): Promise<ShareLinkRow | undefined> {
  return one<ShareLinkRow>(
    db,
    `UPDATE share_links SET is_active = false WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId],
  );
}

export type TrackedAlertRow = { occurred_at: Date; resolved_at: Date | null };

/**
 * The person's newest alert raised since `since`, for the tracking page's "SOS raised" or "marked safe" line:
 * the page a contact opens from an SOS text must say whether that SOS is still on.
 */
export function findNewestAlertSince(
  db: Queryable,
  userId: string,
  since: Date,
): Promise<TrackedAlertRow | undefined> {
  return one<TrackedAlertRow>(
    db,
    `SELECT occurred_at, resolved_at FROM alerts
     WHERE user_id = $1 AND occurred_at >= $2
     ORDER BY occurred_at DESC LIMIT 1`,
    [userId, since],
  );
}

/** One of the person's alerts: when it was raised and whether (when) it ended. */
export function findAlertOf(
  db: Queryable,
  userId: string,
  alertId: string,
): Promise<TrackedAlertRow | undefined> {
  return one<TrackedAlertRow>(
    db,
    'SELECT occurred_at, resolved_at FROM alerts WHERE id = $1 AND user_id = $2',
    [alertId, userId],
  );
}

/**
 * Stop all sharing: ends every live link of the person but those an SOS still on sent (they end with it, and
 * "I'm safe" is PIN-guarded). Answers how many it ended.
 */
export async function revokeLiveShareLinksOf(db: Queryable, userId: string, now: Date): Promise<number> {
  const result = await db.query(
    `UPDATE share_links SET is_active = false
     WHERE user_id = $1 AND is_active AND expires_at > $2
       AND NOT EXISTS (SELECT 1 FROM alerts a WHERE a.id = share_links.alert_id AND a.resolved_at IS NULL)`,
    [userId, now],
  );
  return result.rowCount;
}
