import type { GeoPoint } from './places-provider';

/** Cameras are numerous in cities; a few show that an area is watched without hiding the services. */
export const MAX_SURVEILLANCE_PLACES = 15;

/**
 * The tag filters of each kind of place (docs/PRODUCT.md#safety-map-and-nearby-places). `nwr` = nodes, ways and
 * relations: a hospital is often drawn as a building outline, a police post as a point.
 */
const PLACE_FILTERS = [
  'nwr["amenity"~"^(hospital|police|fire_station)$"]',
  'nwr["amenity"="clinic"]["emergency"="yes"]',
  'nwr["healthcare"="emergency"]',
  'nwr["emergency"="ambulance_station"]',
  'nwr["amenity"="pharmacy"]["opening_hours"="24/7"]',
  'nwr["amenity"="fuel"]',
  'nwr["railway"="station"]',
  'nwr["public_transport"="station"]',
] as const;

/**
 * The Overpass QL query for the places around `center`. Points are printed with `out body` (with the `tags`
 * verbosity Overpass leaves out a node's own coordinates); ways and relations with `out tags center`, which gives
 * them one position (the centre of their bounding box) without their geometry. Surveillance cameras are printed
 * separately so their number can be capped.
 */
export function overpassQuery(center: GeoPoint, radiusMeters: number, timeoutSeconds: number): string {
  const around = `(around:${Math.round(radiusMeters)},${center.lat.toFixed(6)},${center.lng.toFixed(6)})`;
  return [
    `[out:json][timeout:${Math.max(1, Math.ceil(timeoutSeconds))}];`,
    `(${PLACE_FILTERS.map((filter) => `${filter}${around};`).join('')})->.places;`,
    'node.places;out body;',
    '(way.places;relation.places;);out tags center;',
    `node["man_made"="surveillance"]${around};out body ${MAX_SURVEILLANCE_PLACES};`,
  ].join('\n');
}
