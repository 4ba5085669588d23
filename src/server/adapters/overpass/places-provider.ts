import type { NearbyPlace } from '#shared/schemas/nearby-places';

export type GeoPoint = { lat: number; lng: number };

/** Where nearby places come from (today OpenStreetMap through the Overpass API). Tests pass a local fake server. */
export type PlacesProvider = {
  /**
   * The places within `radiusMeters` of `center`, in no particular order. Rejects with `PlacesProviderError` when
   * the provider did not answer in time, answered with an error, or answered something that is not its data.
   */
  find(center: GeoPoint, radiusMeters: number): Promise<NearbyPlace[]>;
};

export class PlacesProviderError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'http_status' | 'malformed',
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}
