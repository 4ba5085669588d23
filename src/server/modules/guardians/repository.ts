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

/** The creator's codes that can still be redeemed, newest first (docs/PRODUCT.md#guardian-endpoints). */
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

/** A relationship as stored (relationship-view.ts adds both parties' names and addresses). */
export type StoredRelationship = {
  id: string;
  guardian_id: string;
  ward_id: string;
  status: RelationshipStatus;
  relationship_type: 'guardian';
  created_at: Date;
  updated_at: Date;
};

const RELATIONSHIP_COLUMNS = 'id, guardian_id, ward_id, status, relationship_type, created_at, updated_at';

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

export function findRelationship(db: Queryable, id: string): Promise<StoredRelationship | undefined> {
  return one<StoredRelationship>(
    db,
    `SELECT ${RELATIONSHIP_COLUMNS} FROM guardian_relationships WHERE id = $1`,
    [id],
  );
}

/** Every relationship the person is part of except ended ones, newest first. */
export async function listRelationships(db: Queryable, userId: string): Promise<StoredRelationship[]> {
  const { rows } = await db.query<StoredRelationship>(
    `SELECT ${RELATIONSHIP_COLUMNS} FROM guardian_relationships
     WHERE (guardian_id = $1 OR ward_id = $1) AND status <> 'ended'
     ORDER BY created_at DESC, id DESC`,
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
