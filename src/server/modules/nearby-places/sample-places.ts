import { MAP } from '#shared/constants';
import type { NearbyPlace, PlaceType } from '#shared/schemas/nearby-places';
import { PLACE_DESCRIPTION_TEXTS, PLACE_TYPE_LABELS } from '#shared/safety-map-texts';

const [CENTER_LAT, CENTER_LNG] = MAP.defaultCenter;

/** Offsets from the map's default centre, in degrees: the samples sit around the spot the map opens on. */
const SAMPLES: ReadonlyArray<{ type: PlaceType; name: string; offset: [number, number] }> = [
  { type: 'hospital', name: 'Sample Hospital', offset: [0.006, -0.004] },
  { type: 'police', name: 'Sample Police Station', offset: [-0.004, 0.005] },
  { type: 'fire', name: 'Sample Fire Station', offset: [0.003, 0.007] },
  { type: 'emergency', name: 'Sample Emergency Clinic', offset: [-0.006, -0.006] },
  { type: 'public_safe', name: 'Sample Safe Place', offset: [0.001, -0.009] },
  { type: 'surveillance', name: 'Sample Camera', offset: [-0.002, 0.001] },
];

const round6 = (degrees: number): number => Number(degrees.toFixed(6));

/**
 * The answer when the provider cannot be used (`fallback: true`): one invented place of each type at FIXED
 * positions around the map's default centre (39.8283, -98.5795, in Kansas). They are never moved to the person,
 * are named "Sample …", carry no phone number (nobody should call one) and say they are not real services.
 */
export const SAMPLE_PLACES: readonly NearbyPlace[] = SAMPLES.map(({ type, name, offset }) => ({
  name,
  type,
  coordinates: [round6(CENTER_LAT + offset[0]), round6(CENTER_LNG + offset[1])],
  description: `${PLACE_TYPE_LABELS[type]} · ${PLACE_DESCRIPTION_TEXTS.sample}`,
  address: PLACE_DESCRIPTION_TEXTS.sampleAddress,
}));
