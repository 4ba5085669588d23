/**
 * What the auth module uses of other modules: a port, declared here with only what sign-up uses, and handed over
 * by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports").
 */
import type { Queryable } from '../../db/database';

/** Sign-up makes the person's profile in the transaction that makes their account. */
export type ProfileCreationPort = {
  createProfileIfAbsent(
    tx: Queryable,
    userId: string,
    seed: { fullName: string; email: string; phone: string | null; timeZone?: string | null },
    now: Date,
  ): Promise<void>;
};
