import type { JourneyWarning, WardJourneysResponse } from '#shared/schemas/journey';
import { wardJourneysOf } from './ward-journeys';

/** One ward's journey warning at the top of the guardian's screens. */
export type WarningBanner = { ward_id: string; key: string; warning: JourneyWarning };

/**
 * A warning's identity on this device, for "Got it": the server warns once per journey and kind, and the time it
 * was written tells a later warning of the same kind apart should there ever be one.
 */
export const warningKey = (warning: JourneyWarning): string =>
  `${warning.journey_id}:${warning.kind}:${warning.created_at}`;

/**
 * The journey warnings that interrupt the guardian (docs/PRODUCT.md#guardians): per ward the newest warning of
 * their running journey (a later one replaces an earlier), unless this device was told "Got it" for it, the
 * journey has ended (the ward arrived or said they are safe: the server no longer lists it), or the ward has an
 * open alert (its banner says more, and alerts come first). Newest first.
 */
export function warningBanners(
  response: WardJourneysResponse | undefined,
  { dismissed, alertWards }: { dismissed: ReadonlySet<string>; alertWards: ReadonlySet<string> },
): WarningBanner[] {
  if (!response) return [];
  const wardIds = new Set(response.warnings.map((warning) => warning.user_id));
  const banners: WarningBanner[] = [];
  for (const wardId of wardIds) {
    if (alertWards.has(wardId)) continue;
    const newest = wardJourneysOf(response, wardId).warnings[0];
    if (!newest || dismissed.has(warningKey(newest))) continue;
    banners.push({ ward_id: wardId, key: warningKey(newest), warning: newest });
  }
  return banners.sort((a, b) => b.warning.created_at.localeCompare(a.warning.created_at));
}
