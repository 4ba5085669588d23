import type { NearbyPlace } from '#shared/schemas/nearby-places';
import { overpassQuery } from './overpass-query';
import { OverpassResponseSchema } from './overpass-response';
import { toNearbyPlace } from './osm-place';
import { PlacesProviderError, type PlacesProvider } from './places-provider';

export type OverpassOptions = {
  /** The interpreter endpoint, e.g. https://overpass-api.de/api/interpreter (OVERPASS_URL). */
  url: string;
  /** After this long without a full answer the request is abandoned. */
  timeoutMs: number;
  /** Identifies Beacon to the operators of the public service, as its usage policy asks. */
  userAgent: string;
};

/**
 * Nearby places from OpenStreetMap through the Overpass API: one POST of the query (form field `data`), the answer
 * checked against Overpass's JSON shape, each element mapped to a place (osm-place.ts). A time-out, a failed
 * connection, a status other than 2xx, an answer that is not Overpass JSON or that reports a runtime error all
 * reject with PlacesProviderError.
 */
export function overpassProvider(options: OverpassOptions): PlacesProvider {
  return {
    async find(center, radiusMeters) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      const body = new URLSearchParams({
        data: overpassQuery(center, radiusMeters, options.timeoutMs / 1000),
      });
      let text: string;
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'user-agent': options.userAgent,
          },
          body,
          signal,
        });
        text = await response.text();
        if (!response.ok) throw new PlacesProviderError('http_status', String(response.status));
      } catch (error) {
        if (error instanceof PlacesProviderError) throw error;
        throw new PlacesProviderError(signal.aborted ? 'timeout' : 'unreachable');
      }
      return placesOf(text);
    },
  };
}

function placesOf(text: string): NearbyPlace[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PlacesProviderError('malformed', 'not JSON');
  }
  const parsed = OverpassResponseSchema.safeParse(json);
  if (!parsed.success) throw new PlacesProviderError('malformed', 'not the Overpass shape');
  // A runtime error means the list may be cut short: a partial list must not be cached as the area's places.
  if (parsed.data.remark && /error/i.test(parsed.data.remark)) {
    throw new PlacesProviderError('malformed', 'runtime error');
  }
  return parsed.data.elements.map(toNearbyPlace).filter((place) => place !== null);
}
