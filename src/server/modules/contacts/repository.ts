import type { EmergencyContact } from '#shared/schemas/profile';
import type { Queryable } from '../../db/database';

type ContactRow = { id: string; name: string; phone: string; relationship: string };

/** A person's emergency contacts, in the order they added them. */
export async function listContacts(db: Queryable, userId: string): Promise<EmergencyContact[]> {
  const { rows } = await db.query<ContactRow>(
    'SELECT id, name, phone, relationship FROM emergency_contacts WHERE user_id = $1 ORDER BY position, created_at, id',
    [userId],
  );
  return rows.map(({ id, name, phone, relationship }) => ({ id, name, phone, relationship }));
}

/**
 * Replaces the whole list (the spec's `PATCH /api/profile {emergency_contacts}` contract). Contacts keep their id
 * when the client sends it; new ones get a timestamp id as the spec describes. Call inside a transaction.
 */
export async function replaceContacts(
  tx: Queryable,
  userId: string,
  contacts: ReadonlyArray<{ id?: string; name: string; phone: string; relationship: string }>,
  now: Date,
): Promise<void> {
  await tx.query('DELETE FROM emergency_contacts WHERE user_id = $1', [userId]);
  const seen = new Set<string>();
  for (const [position, contact] of contacts.entries()) {
    let id = contact.id ?? newContactId(now, position);
    while (seen.has(id)) id = newContactId(now, position + seen.size);
    seen.add(id);
    await tx.query(
      `INSERT INTO emergency_contacts (user_id, id, name, phone, relationship, position, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [userId, id, contact.name, contact.phone, contact.relationship, position, now],
    );
  }
}

/** "id (string made from the creation timestamp)" — with a suffix so two made in one millisecond differ. */
export function newContactId(now: Date, salt = 0): string {
  return salt === 0 ? String(now.getTime()) : `${now.getTime()}-${salt}`;
}
