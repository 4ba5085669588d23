/** A map link anyone can open (no app needed), by coordinates to 6 decimals. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}

/** Directions to a place on OpenStreetMap's own site, by coordinates to 6 decimals (the start is left to the person). */
export function directionsLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/directions?to=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}
