import { randomUUID } from 'node:crypto';
import type { GuardianRelationship } from '#shared/schemas/guardian';
import type { Queryable } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { PeoplePort } from './ports';
import type { StoredRelationship } from './repository';

/** A relationship with both parties' names and e-mail addresses (from their profiles). */
export type RelationshipRow = StoredRelationship & {
  guardian_name: string;
  guardian_email: string;
  ward_name: string;
  ward_email: string;
};

/** The relationships with their parties' names and addresses, in one read of the people. */
export async function withParties(
  db: Queryable,
  people: PeoplePort,
  rows: readonly StoredRelationship[],
): Promise<RelationshipRow[]> {
  const found = await people.findPeople(
    db,
    rows.flatMap((row) => [row.guardian_id, row.ward_id]),
  );
  return rows.map((row) => ({
    ...row,
    guardian_name: found.get(row.guardian_id)?.full_name ?? '',
    guardian_email: found.get(row.guardian_id)?.email ?? '',
    ward_name: found.get(row.ward_id)?.full_name ?? '',
    ward_email: found.get(row.ward_id)?.email ?? '',
  }));
}

/** A stored relationship as `viewerId` sees it: the same row, with `role` saying which side they are on. */
export function toRelationship(row: RelationshipRow, viewerId: string): GuardianRelationship {
  return {
    id: row.id,
    guardian_id: row.guardian_id,
    ward_id: row.ward_id,
    status: row.status,
    relationship_type: row.relationship_type,
    role: row.guardian_id === viewerId ? 'guardian' : 'ward',
    guardian: { full_name: row.guardian_name, email: row.guardian_email },
    ward: { full_name: row.ward_name, email: row.ward_email },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Tells both parties (and only them) that their relationship changed, each from their own side. Returns at once:
 * the hub routes by the new relationship from this moment, and delivers in the background.
 */
export function publishRelationshipChange(publisher: RealtimePublisher, row: RelationshipRow): void {
  for (const userId of [row.guardian_id, row.ward_id]) {
    void publisher.publish({
      type: 'relationship.updated',
      userId,
      audience: 'subject',
      payload: toRelationship(row, userId),
    });
  }
}

/** Adds an entry to one person's notification list (docs/PRODUCT.md#notifications). */
export function publishNotification(
  publisher: RealtimePublisher,
  userId: string,
  notification: { type: 'info' | 'success' | 'warning' | 'error'; title: string; message: string },
): void {
  void publisher.publish({
    type: 'notification',
    userId,
    audience: 'subject',
    payload: { id: randomUUID(), ...notification },
  });
}
