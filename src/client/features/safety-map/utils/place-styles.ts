import type { PlaceType } from '#shared/schemas/nearby-places';

/**
 * Marker colours per place type (docs/PRODUCT.md#safety-map-and-nearby-places): hospital and emergency red,
 * police blue, fire orange, safe places green, surveillance purple. Mid-tone shades that stand out on light and
 * dark map tiles; each marker also has a white ring.
 */
export const PLACE_COLOURS: Readonly<Record<PlaceType, string>> = {
  hospital: '#dc2626',
  police: '#2563eb',
  fire: '#ea580c',
  emergency: '#dc2626',
  public_safe: '#16a34a',
  surveillance: '#9333ea',
};

/** The person's own position: a darker blue than police, with a halo (see safety-map-leaflet.tsx). */
export const OWN_POSITION_COLOUR = '#1d4ed8';

/** Which legend group a type belongs to (the card's three legend badges). */
export type LegendGroup = 'emergency' | 'safe' | 'surveillance';

export function legendGroupOf(type: PlaceType): LegendGroup {
  if (type === 'public_safe') return 'safe';
  if (type === 'surveillance') return 'surveillance';
  return 'emergency';
}

/** A stable key of a place in one answer (OpenStreetMap names repeat: add the position). */
export function placeKey(place: { name: string; coordinates: readonly [number, number] }): string {
  return `${place.name}|${place.coordinates[0]},${place.coordinates[1]}`;
}
