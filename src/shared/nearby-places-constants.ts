/**
 * The Safety Map's constants (the rest are in constants.ts). Their own module so they download with the card that
 * uses them (it loads on demand) and not with the app.
 */

/** POST /api/nearby-places (docs/PRODUCT.md#safety-map-and-nearby-places). */
export const NEARBY_PLACES = {
  /** How far around the position places are looked for, in metres. */
  radiusMeters: 3000,
  /** Results are cached per grid cell of this many decimal places of latitude and longitude (about 1 km). */
  cacheGridDecimals: 2,
  cacheTtlMs: 15 * 60_000,
  /** The provider gets this long before the bundled sample places are answered instead. */
  providerTimeoutMs: 8000,
  maxPlaces: 60,
  /** The Safety Map asks again this often while it shows the sample set (the provider may be back). */
  fallbackRetryMs: 60_000,
} as const;

/** The six kinds of place on the Safety Map, in legend order. */
export const PLACE_TYPES = [
  'hospital',
  'police',
  'fire',
  'emergency',
  'public_safe',
  'surveillance',
] as const;
