/**
 * A batch of readings as stays (migration 018): taken in time order, a reading at exactly the place of the one
 * before it adds no point but confirms that place, so each run of readings at one place becomes its first reading
 * with the time, battery and online flag of its last. Pure: the repository stores the result in one statement,
 * where the first stay may go on at the person's newest stored place.
 */

/** The fields of a reading the grouping needs; the rest of the first reading is kept as it is. */
type Reading = {
  latitude: number;
  longitude: number;
  recorded_at: Date;
  battery_level: number | null;
  network_online: boolean | null;
};

/** A place the phone was at: its first reading, with the newest check and what that check reported. */
export type Stay<R extends Reading> = R & {
  checked_at: Date;
  /** How many readings of the batch only confirmed the place (all but the first). */
  confirmations: number;
};

export function toStays<R extends Reading>(readings: readonly R[]): Array<Stay<R>> {
  const ordered = readings
    .map((reading, index) => ({ reading, index }))
    .sort((a, b) => a.reading.recorded_at.getTime() - b.reading.recorded_at.getTime() || a.index - b.index)
    .map(({ reading }) => reading);
  const stays: Array<Stay<R>> = [];
  for (const reading of ordered) {
    const current = stays.at(-1);
    if (current && samePlace(current, reading)) {
      current.checked_at = reading.recorded_at;
      current.battery_level = reading.battery_level;
      current.network_online = reading.network_online;
      current.confirmations += 1;
    } else {
      stays.push({ ...reading, checked_at: reading.recorded_at, confirmations: 0 });
    }
  }
  return stays;
}

function samePlace(
  a: Pick<Reading, 'latitude' | 'longitude'>,
  b: Pick<Reading, 'latitude' | 'longitude'>,
): boolean {
  return a.latitude === b.latitude && a.longitude === b.longitude;
}
