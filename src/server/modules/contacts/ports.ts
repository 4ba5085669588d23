import type { TextFailure } from '#shared/schemas/text-failure';
import type { Queryable } from '../../db/database';

/**
 * Whether texts to the person's contacts' numbers keep failing (the alerts module reads its deliveries): keyed by
 * the normalised number, only the failing ones. docs/decisions/045-safety-network-drill.md.
 */
export type TextFailuresPort = {
  textFailures(db: Queryable, userId: string, numbers: readonly string[]): Promise<Map<string, TextFailure>>;
};
