/** Every query key of the safety-map feature. Nearby places are keyed by the grid cell the server caches by. */
export const nearbyPlacesKeys = {
  all: ['nearby-places'] as const,
  cell: (cell: string) => [...nearbyPlacesKeys.all, cell] as const,
};
