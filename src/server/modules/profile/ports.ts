/**
 * What the profile module uses of other modules: each a port, declared here with only what profiles use, and
 * handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports"). They take the caller's `db`, so a
 * read or write joins the transaction it is part of.
 */
import type { EmergencyContact } from '#shared/schemas/profile';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import type { ProfileSeed } from './repository';

/** A first profile starts from the account (auth owns it); undefined when there is no such account. */
export type AccountsPort = {
  profileSeedOf(db: Queryable, userId: string): Promise<ProfileSeed | undefined>;
};

/** `PATCH /api/profile {emergency_contacts}` replaces the whole list through the contacts module's rules. */
export type ContactListPort = {
  listContacts(db: Queryable, userId: string): Promise<EmergencyContact[]>;
  /** Inside a transaction: the list as given, past the cap on new numbers (429 over it). */
  replaceContactList(
    tx: Queryable,
    clock: Clock,
    change: {
      userId: string;
      contacts: ReadonlyArray<{ id?: string; name: string; phone: string; relationship: string }>;
      now: Date;
    },
  ): Promise<void>;
};
