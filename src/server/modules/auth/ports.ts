/**
 * What the auth module uses of other modules: a port, declared here with only what sign-up uses, and handed over
 * by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports").
 */
import type { Queryable } from '../../db/database';

/**
 * What other modules keep of a person outside the rows that go with the account (ON DELETE CASCADE): a recording's
 * stored bytes. Deleting the account starts their deletion in its own transaction, and wakes it after the commit.
 */
export type AccountDeletionPort = {
  deleteWithAccount(tx: Queryable, userId: string, now: Date): Promise<void>;
  afterDeletion(): void;
};

/** Sign-up makes the person's profile in the transaction that makes their account. */
export type ProfileCreationPort = {
  createProfileIfAbsent(
    tx: Queryable,
    userId: string,
    seed: { fullName: string; email: string; phone: string | null; timeZone?: string | null },
    now: Date,
  ): Promise<void>;
};
