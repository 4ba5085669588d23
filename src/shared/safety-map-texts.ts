/**
 * Texts of the Safety Map card and of the places the server describes (docs/PRODUCT.md#safety-map-and-nearby-places).
 * Their own module so they download with the card, which loads on demand (README, "Bundle budget").
 */
import type { PlaceType } from './schemas/nearby-places';

/**
 * The label per place type (docs/PRODUCT.md#safety-map-and-nearby-places); also the start of each place's
 * description.
 */
export const PLACE_TYPE_LABELS: Readonly<Record<PlaceType, string>> = {
  hospital: 'Hospital',
  police: 'Police',
  fire: 'Fire Dept',
  emergency: 'Emergency',
  public_safe: 'Safe Place',
  surveillance: 'Surveillance',
};

/** What the server says of a place beyond its type (modules/nearby-places). */
export const PLACE_DESCRIPTION_TEXTS = {
  open24h: 'Open 24/7',
  pharmacy: 'Pharmacy',
  fuel: 'Fuel station',
  station: 'Station',
  camera: 'Camera',
  /** Said of every place of the bundled sample set, so no one mistakes one for a real service. */
  sample: 'Sample place, not a real service',
  sampleAddress: 'Sample data, not a real address',
} as const;

export const SAFETY_MAP_TEXTS = {
  title: 'Safety Map - Emergency Services & Safe Places',
  legendEmergency: 'Emergency Services',
  legendSafe: 'Safe Public Places',
  legendSurveillance: 'Surveillance Areas',
  legendLabel: 'Map legend',
  loading: '(Loading...)',
  sampleData: '(Sample Data)',
  sampleNote:
    'Nearby places could not be loaded from OpenStreetMap. The sample places shown are fixed examples, not places near you.',
  loadFailed: 'Nearby places could not be loaded.',
  /** The tracking message for a denied permission, then what the map does without a position. */
  locationDenied:
    'Location access denied. Please enable location permissions. Until then the map shows its default view and no nearby places.',
  locationUnknown: 'Your location is not known yet, so the map shows its default view and no nearby places.',
  noPlaces: (radiusKm: number): string =>
    `No emergency services or safe places were found within ${radiusKm} km.`,
  mapLabel: 'Safety map of nearby emergency services and safe places',
  yourPosition: 'Your position',
  markerLabel: (label: string, name: string): string => `${label}: ${name}`,
  detailsLabel: (name: string): string => `Details of ${name}`,
  addressHeading: 'Address',
  phoneHeading: 'Phone',
  hoursHeading: 'Hours',
  call: (phone: string): string => `Call ${phone}`,
  getDirections: 'Get Directions',
  newTab: ' (opens in a new tab)',
  close: 'Close details',
  tilesUnavailableTitle: 'Map unavailable.',
  tilesUnavailable: 'The map images could not be loaded; the markers have no streets around them.',
} as const;

/** The Safety Map's own page, opened from the navigation. */
export const SAFETY_MAP_PAGE_TEXTS = {
  title: 'Safety Map',
  back: 'Back to home',
  description: 'Emergency services and safe public places around you, on the map with your position.',
} as const;
