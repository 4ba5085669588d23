/**
 * What the journey watch uses of other modules: each a port, declared here with only what a warning needs, and
 * handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports"). They take the caller's `db`, so a
 * read joins the transaction that writes the warning.
 */
import type { Location } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';

/** The ward's name, whether they share their location, and each guardian's time zone. */
export type ProfilesPort = {
  findFullName(db: Queryable, userId: string): Promise<string>;
  isSharingLocation(db: Queryable, userId: string): Promise<boolean>;
  findSosPreferences(db: Queryable, userId: string): Promise<{ timeZone: string | null }>;
};

/** The ward's newest position, sent with the warning. */
export type PositionsPort = {
  latestPositions(db: Queryable, userIds: readonly string[]): Promise<Map<string, Location>>;
};

/** Which guardians have a browser that can take the warning's push. */
export type PushSubscriptionsPort = {
  usersWithSubscriptions(db: Queryable, userIds: readonly string[]): Promise<Set<string>>;
};
