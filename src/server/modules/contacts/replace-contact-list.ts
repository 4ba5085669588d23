import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { countNewContactNumbers } from './new-number-cap';
import { listContacts, lockContactList, replaceContacts } from './repository';

/**
 * Replaces the person's whole list inside `tx` (`PATCH /api/profile {emergency_contacts}`): locked against other
 * writers, and its numbers new today counted against the cap first (429 over it, and nothing replaced).
 */
export async function replaceContactList(
  tx: Queryable,
  clock: Clock,
  change: {
    userId: string;
    contacts: ReadonlyArray<{ id?: string; name: string; phone: string; relationship: string }>;
    now: Date;
  },
): Promise<void> {
  await lockContactList(tx, change.userId);
  await countNewContactNumbers(tx, clock, {
    userId: change.userId,
    currentNumbers: (await listContacts(tx, change.userId)).map((contact) => contact.phone),
    nextNumbers: change.contacts.map((contact) => contact.phone),
  });
  await replaceContacts(tx, change.userId, change.contacts, change.now);
}
