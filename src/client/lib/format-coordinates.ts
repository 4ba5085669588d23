/** "40.712800, -74.006000": latitude and longitude to 6 decimals (~0.1 m), as any map app takes them when pasted. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}
