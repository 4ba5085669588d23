/**
 * What the locations module uses of other modules: each a port, declared here with only what locations use, and
 * handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports").
 */
import type { Location } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';

/** Others see a person's positions only while that person shares their location (their profile's switch). */
export type SharingPort = { isSharingLocation(db: Queryable, userId: string): Promise<boolean> };

/**
 * Told of every batch taken while sharing is on, stored or only confirming a place (the journey watch looks for
 * a dying battery); its failure fails nothing.
 */
export type ReadingsListener = (userId: string, readings: readonly Location[]) => Promise<void>;
