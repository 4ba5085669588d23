import type { EmergencyContact } from '#shared/schemas/profile';
import { one, type Queryable } from '../../db/database';

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
 * Replaces the whole list (`PATCH /api/profile {emergency_contacts}`,
 * docs/PRODUCT.md#profile-and-contacts-endpoints). Contacts keep their id when the client sends it; new ones get
 * a timestamp id. Call inside a transaction.
 */
export async function replaceContacts(
  tx: Queryable,
  userId: string,
  contacts: ReadonlyArray<{ id?: string; name: string; phone: string; relationship: string }>,
  now: Date,
): Promise<void> {
  await lockContactList(tx, userId);
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

/** An id made from the creation timestamp, with a suffix so two made in one millisecond differ. */
export function newContactId(now: Date, salt = 0): string {
  return salt === 0 ? String(now.getTime()) : `${now.getTime()}-${salt}`;
}

/**
 * Serialises writers of one person's list until the transaction ends (a whole-list replace, an add): positions,
 * the cap and fresh ids are then decided on a stable list. Edits and deletes of one row need no lock.
 */
export async function lockContactList(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`emergency-contacts:${userId}`]);
}

export async function countContacts(db: Queryable, userId: string): Promise<number> {
  const row = await one<{ count: number }>(
    db,
    'SELECT count(*)::int AS count FROM emergency_contacts WHERE user_id = $1',
    [userId],
  );
  return row?.count ?? 0;
}

/**
 * Adds a contact at the end of the list. Its id is the creation timestamp; when a contact of this person already
 * has it (two added in one millisecond), a suffix makes it unique. Call inside a transaction, after
 * `lockContactList`.
 */
export async function insertContact(
  tx: Queryable,
  userId: string,
  contact: { name: string; phone: string; relationship: string },
  now: Date,
): Promise<EmergencyContact> {
  for (let salt = 0; ; salt++) {
    const row = await one<ContactRow>(
      tx,
      `INSERT INTO emergency_contacts (user_id, id, name, phone, relationship, position, created_at, updated_at)
       SELECT $1, $2, $3, $4, $5, COALESCE(MAX(position) + 1, 0), $6, $6 FROM emergency_contacts WHERE user_id = $1
       ON CONFLICT (user_id, id) DO NOTHING
       RETURNING id, name, phone, relationship`,
      [userId, newContactId(now, salt), contact.name, contact.phone, contact.relationship, now],
    );
    if (row) return row;
  }
}

/** Changes the given fields of one of this person's contacts; undefined when they have no such contact. */
export function updateContact(
  db: Queryable,
  userId: string,
  contactId: string,
  patch: { name?: string; phone?: string; relationship?: string },
  now: Date,
): Promise<EmergencyContact | undefined> {
  return one<ContactRow>(
    db,
    `UPDATE emergency_contacts
     SET name = COALESCE($3, name), phone = COALESCE($4, phone), relationship = COALESCE($5, relationship),
         updated_at = $6
     WHERE user_id = $1 AND id = $2
     RETURNING id, name, phone, relationship`,
    [userId, contactId, patch.name ?? null, patch.phone ?? null, patch.relationship ?? null, now],
  );
}

/** Deletes one of this person's contacts; false when they have no such contact. */
export async function deleteContact(db: Queryable, userId: string, contactId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM emergency_contacts WHERE user_id = $1 AND id = $2', [
    userId,
    contactId,
  ]);
  return rowCount > 0;
}
