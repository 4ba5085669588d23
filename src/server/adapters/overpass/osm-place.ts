import type { NearbyPlace, PlaceType } from '#shared/schemas/nearby-places';
import { PLACE_DESCRIPTION_TEXTS, PLACE_TYPE_LABELS } from '#shared/safety-map-texts';
import type { OverpassElement } from './overpass-response';

type Tags = Readonly<Record<string, string>>;

/** Which of the six types an element is, from its OpenStreetMap tags; null for anything else. */
export function placeTypeOf(tags: Tags): PlaceType | null {
  if (tags.amenity === 'hospital') return 'hospital';
  if (tags.amenity === 'police') return 'police';
  if (tags.amenity === 'fire_station') return 'fire';
  if (
    (tags.amenity === 'clinic' && tags.emergency === 'yes') ||
    tags.healthcare === 'emergency' ||
    tags.emergency === 'ambulance_station'
  ) {
    return 'emergency';
  }
  if (tags.man_made === 'surveillance') return 'surveillance';
  if (
    (tags.amenity === 'pharmacy' && tags.opening_hours === '24/7') ||
    tags.amenity === 'fuel' ||
    tags.railway === 'station' ||
    tags.public_transport === 'station'
  ) {
    return 'public_safe';
  }
  return null;
}

/** "350 5th Avenue, New York" from addr:* tags; "" when they hold neither a street nor a place. */
export function addressOf(tags: Tags): string {
  const street = tags['addr:street'] ?? tags['addr:place'];
  const line = [tags['addr:housenumber'], street].filter(Boolean).join(' ');
  const city = tags['addr:city'];
  return [street ? line : '', city].filter(Boolean).join(', ');
}

/** What kind of safe public place it is, for the description ("Safe Place · Fuel station"). */
function safePlaceKind(tags: Tags): string | undefined {
  if (tags.amenity === 'pharmacy') return PLACE_DESCRIPTION_TEXTS.pharmacy;
  if (tags.amenity === 'fuel') return PLACE_DESCRIPTION_TEXTS.fuel;
  if (tags.railway === 'station' || tags.public_transport === 'station')
    return PLACE_DESCRIPTION_TEXTS.station;
  return undefined;
}

function descriptionOf(type: PlaceType, tags: Tags): string {
  const parts = [
    PLACE_TYPE_LABELS[type],
    type === 'public_safe' ? safePlaceKind(tags) : undefined,
    type === 'surveillance' ? PLACE_DESCRIPTION_TEXTS.camera : undefined,
    tags.opening_hours === '24/7' ? PLACE_DESCRIPTION_TEXTS.open24h : undefined,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The name OpenStreetMap gives, else the type's label (never an empty name). */
function nameOf(type: PlaceType, tags: Tags): string {
  const name = (tags.name ?? tags.official_name ?? tags.operator ?? '').trim();
  return name || PLACE_TYPE_LABELS[type];
}

function positionOf(element: OverpassElement): [number, number] | null {
  if (element.lat !== undefined && element.lon !== undefined) return [element.lat, element.lon];
  if (element.center) return [element.center.lat, element.center.lon];
  return null;
}

/** One element as a Safety Map place; null when it has no position or is none of the six types. */
export function toNearbyPlace(element: OverpassElement): NearbyPlace | null {
  const tags = element.tags ?? {};
  const type = placeTypeOf(tags);
  const coordinates = positionOf(element);
  if (!type || !coordinates) return null;
  // OpenStreetMap separates several numbers with ";": the first is the one to call.
  const phone = (tags.phone ?? tags['contact:phone'])?.split(';')[0]?.trim();
  const hours = tags.opening_hours?.trim();
  return {
    name: nameOf(type, tags),
    type,
    coordinates,
    description: descriptionOf(type, tags),
    address: addressOf(tags),
    ...(phone ? { phone } : {}),
    ...(hours ? { hours } : {}),
  };
}
