/**
 * Directions to a place on OpenStreetMap's site, by coordinates to 6 decimals (the start is left to the person),
 * in the style of `#shared/map-link`. Here rather than there so it downloads with the Safety Map only.
 */
export function directionsLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/directions?to=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}
