/**
 * When the phone last found itself still at this stored place (a reading at exactly its position, which the
 * server keeps as the place's `checked_at` instead of a new point), or null when none did since it arrived there.
 */
export function stillCheckedAt(location: { recorded_at: string; checked_at?: string }): string | null {
  const { checked_at: checkedAt } = location;
  return checkedAt && Date.parse(checkedAt) > Date.parse(location.recorded_at) ? checkedAt : null;
}
