import type { Queryable } from '../../db/database';
import { one } from '../../db/database';
import type { RelationshipStatus } from '#shared/schemas/guardian';

export type InviteCodeRow = {
  id: string;
  code: string;
  created_by: string;
  expires_at: Date;
  is_used: boolean;
  used_by: string | null;
  created_at: Date;
};

const CODE_COLUMNS = 'id, code, created_by, expires_at, is_used, used_by, created_at';

/** Inserts a code unless that code already exists (then undefined: the caller draws another). */
export function insertInviteCode(
  db: Queryable,
  code: { code: string; createdBy: string; expiresAt: Date; now: Date },
): Promise<InviteCodeRow | undefined> {
  return one<InviteCodeRow>(
    db,
    `INSERT INTO invite_codes (code, created_by, expires_at, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (code) DO NOTHING RETURNING ${CODE_COLUMNS}`,
    [code.code, code.createdBy, code.expiresAt, code.now],
  );
}

/** The creator's codes that can still be redeemed, newest first (document 1 §7 "Own codes"). */
export async function listUsableInviteCodes(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<InviteCodeRow[]> {
  const { rows } = await db.query<InviteCodeRow>(
    `SELECT ${CODE_COLUMNS} FROM invite_codes
     WHERE created_by = $1 AND is_used = false AND expires_at > $2
     ORDER BY created_at DESC, id DESC`,
    [userId, now],
  );
  return rows;
}

export function findInviteCode(db: Queryable, code: string): Promise<InviteCodeRow | undefined> {
  return one<InviteCodeRow>(db, `SELECT ${CODE_COLUMNS} FROM invite_codes WHERE code = $1`, [code]);
}

/**
 * Marks a code used by `userId` if, at this instant, it is unused, unexpired and someone else's. The condition
 * sits in the UPDATE itself, so of several concurrent redeemers exactly one gets the row back.
 */
export function claimInviteCode(
  tx: Queryable,
  claim: { code: string; userId: string; now: Date },
): Promise<InviteCodeRow | undefined> {
  return one<InviteCodeRow>(
    tx,
    `UPDATE invite_codes SET is_used = true, used_by = $2
     WHERE code = $1 AND is_used = false AND expires_at > $3 AND created_by <> $2
     RETURNING ${CODE_COLUMNS}`,
    [claim.code, claim.userId, claim.now],
  );
}

export type RelationshipRow = {
  id: string;
  guardian_id: string;
  ward_id: string;
  status: RelationshipStatus;
  relationship_type: string;
  created_at: Date;
  updated_at: Date;
  guardian_name: string;
  guardian_email: string;
  ward_name: string;
  ward_email: string;
};

/** A relationship with both parties' names and e-mail addresses (document 1 §3 "enriched"). */
const ENRICHED = `
  SELECT r.id, r.guardian_id, r.ward_id, r.status, r.relationship_type, r.created_at, r.updated_at,
         COALESCE(g.full_name, '') AS guardian_name, COALESCE(g.email, '') AS guardian_email,
         COALESCE(w.full_name, '') AS ward_name, COALESCE(w.email, '') AS ward_email
  FROM guardian_relationships r
  LEFT JOIN profiles g ON g.id = r.guardian_id
  LEFT JOIN profiles w ON w.id = r.ward_id`;

export function hasOpenRelationship(tx: Queryable, guardianId: string, wardId: string): Promise<boolean> {
  return one(
    tx,
    `SELECT 1 FROM guardian_relationships
     WHERE guardian_id = $1 AND ward_id = $2 AND status IN ('pending', 'active')`,
    [guardianId, wardId],
  ).then((row) => row !== undefined);
}

export async function insertRelationship(
  tx: Queryable,
  link: { guardianId: string; wardId: string; now: Date },
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    `INSERT INTO guardian_relationships (guardian_id, ward_id, status, created_at, updated_at)
     VALUES ($1, $2, 'pending', $3, $3) RETURNING id`,
    [link.guardianId, link.wardId, link.now],
  );
  return row!.id;
}

export function findRelationship(db: Queryable, id: string): Promise<RelationshipRow | undefined> {
  return one<RelationshipRow>(db, `${ENRICHED} WHERE r.id = $1`, [id]);
}

/** Every relationship the person is part of except ended ones, newest first. */
export async function listRelationships(db: Queryable, userId: string): Promise<RelationshipRow[]> {
  const { rows } = await db.query<RelationshipRow>(
    `${ENRICHED} WHERE (r.guardian_id = $1 OR r.ward_id = $1) AND r.status <> 'ended'
     ORDER BY r.created_at DESC, r.id DESC`,
    [userId],
  );
  return rows;
}

/**
 * Moves a relationship from one status to another, only if it is still in `from` (so two answers to the same
 * request cannot both apply). Returns whether it changed.
 */
export async function transitionRelationship(
  tx: Queryable,
  change: { id: string; from: readonly RelationshipStatus[]; to: RelationshipStatus; now: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE guardian_relationships
     SET status = $2, updated_at = $3, activated_at = CASE WHEN $2 = 'active' THEN $3 ELSE activated_at END
     WHERE id = $1 AND status = ANY($4::text[])`,
    [change.id, change.to, change.now, [...change.from]],
  );
  return rowCount > 0;
}

export type PartyRow = { id: string; full_name: string; email: string; location_sharing_enabled: boolean };

/** Names, addresses and sharing flags of the given people (those without a profile are left out). */
export async function findParties(db: Queryable, userIds: readonly string[]): Promise<Map<string, PartyRow>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<PartyRow>(
    'SELECT id, full_name, email, location_sharing_enabled FROM profiles WHERE id = ANY($1::uuid[])',
    [[...userIds]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}
