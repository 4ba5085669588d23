/**
 * Nearby places for the Safety Map (docs/PRODUCT.md#safety-map-and-nearby-places): the position the phone asks
 * about (POST /api/nearby-places) and the places the server answers with. `fallback: true` means the provider
 * could not be used and the places are Beacon's bundled sample set at its own fixed positions, not places near
 * the person.
 */
import { z } from 'zod';
import { NEARBY_PLACES_API_TEXTS } from '../journey-texts';
import { PLACE_TYPES } from '../nearby-places-constants';
import { latitudeRule, longitudeRule } from './field-rules';

export const PlaceTypeSchema = z.enum(PLACE_TYPES);
export type PlaceType = z.infer<typeof PlaceTypeSchema>;

export const NearbyPlacesRequestSchema = z
  .object({ lat: latitudeRule, lng: longitudeRule }, { error: NEARBY_PLACES_API_TEXTS.body })
  .meta({ example: { lat: 40.7128, lng: -74.006 } });
export type NearbyPlacesRequest = z.input<typeof NearbyPlacesRequestSchema>;

/** One place on the Safety Map; `address` is "" when the map data has none. */
export const NearbyPlaceSchema = z.object({
  name: z.string(),
  type: PlaceTypeSchema,
  /**
   * [latitude, longitude]: exactly two numbers. Written as an array of two rather than `z.tuple`, whose code would
   * join zod's chunk in the app's first download (this schema loads with the Safety Map); the type says the same.
   */
  coordinates: z.array(z.number()).min(2).max(2) as unknown as z.ZodType<[number, number]>,
  description: z.string(),
  address: z.string(),
  phone: z.string().optional(),
  hours: z.string().optional(),
});
export type NearbyPlace = z.infer<typeof NearbyPlaceSchema>;

export const NearbyPlacesResponseSchema = z.object({
  places: z.array(NearbyPlaceSchema),
  /** True: the provider could not be used; `places` is the bundled sample set, far from the person. */
  fallback: z.boolean(),
});
export type NearbyPlacesResponse = z.infer<typeof NearbyPlacesResponseSchema>;
