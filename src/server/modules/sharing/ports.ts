/**
 * What the sharing module uses of other modules: each a port, declared here with only what stopping all sharing
 * needs, and handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports"). Both take the caller's
 * transaction, so every link ends together or none does.
 */
import type { Queryable } from '../../db/database';

/** Ends the person's live share links, except those an SOS still on sent; answers how many. */
export type ShareLinksPort = {
  revokeLiveShareLinksOf(tx: Queryable, userId: string, now: Date): Promise<number>;
};

/** Ends the person's open responder links, except those of an SOS still on; answers how many. */
export type ResponderLinksPort = {
  revokeResponderLinksOf(tx: Queryable, userId: string, now: Date): Promise<number>;
};
