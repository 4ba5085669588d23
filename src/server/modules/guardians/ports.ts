/**
 * What the guardians module uses of other modules: each a port, declared here with only what guardians use, and
 * handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports").
 */
import type { Location } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';

/** Both parties of a relationship by name and address, and whether a ward shares their location. */
export type PeoplePort = {
  findPeople(
    db: Queryable,
    userIds: readonly string[],
  ): Promise<Map<string, { full_name: string; email: string; location_sharing_enabled: boolean }>>;
};

/** A ward's newest position, for the guardian's list of wards. */
export type PositionsPort = {
  latestPositions(db: Queryable, userIds: readonly string[]): Promise<Map<string, Location>>;
};
