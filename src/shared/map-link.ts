/** A map link anyone can open (no app needed), by coordinates to 6 decimals. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}
