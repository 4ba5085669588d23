import { randomUUID } from 'node:crypto';
import type { GuardianRelationship } from '#shared/schemas/guardian';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { RelationshipRow } from './repository';

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
