import type { GeoPoint } from '../../adapters/overpass/places-provider';

/**
 * The grid cell of a position: latitude and longitude rounded to `decimals` places (2: about 1.1 km of latitude).
 * Everyone in one cell shares one provider request, made around the cell's centre.
 */
export function gridCell(point: GeoPoint, decimals: number): { key: string; center: GeoPoint } {
  const lat = Number(point.lat.toFixed(decimals));
  const lng = Number(point.lng.toFixed(decimals));
  // -0 and 0 are one cell.
  const center = { lat: lat === 0 ? 0 : lat, lng: lng === 0 ? 0 : lng };
  return { key: `${center.lat.toFixed(decimals)},${center.lng.toFixed(decimals)}`, center };
}

const EARTH_RADIUS_METERS = 6_371_000;
const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
