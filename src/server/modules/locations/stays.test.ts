import { describe, expect, it } from 'vitest';
import { toStays } from './stays';

const at = (latitude: number, second: number, battery: number | null = null) => ({
  latitude,
  longitude: 2,
  accuracy: 5,
  recorded_at: new Date(second * 1000),
  battery_level: battery,
  network_online: true,
});

describe('readings as stays', () => {
  it('keeps a run of readings at one place as its first reading, checked at its last', () => {
    const stays = toStays([at(1, 10, 90), at(1, 15, 89), at(1, 20, 88), at(2, 25, 87)]);
    expect(stays).toEqual([
      { ...at(1, 10, 88), checked_at: new Date(20_000), confirmations: 2 },
      { ...at(2, 25, 87), checked_at: new Date(25_000), confirmations: 0 },
    ]);
  });

  it('takes readings in the order they were taken, and a return to a place is a new stay', () => {
    const stays = toStays([at(1, 30), at(2, 20), at(1, 10), at(1, 40)]);
    expect(
      stays.map((stay) => [stay.latitude, stay.recorded_at.getTime(), stay.checked_at.getTime()]),
    ).toEqual([
      [1, 10_000, 10_000],
      [2, 20_000, 20_000],
      [1, 30_000, 40_000],
    ]);
  });

  it('tells places apart by the exact position', () => {
    expect(toStays([at(1, 1), at(1.000001, 2)])).toHaveLength(2);
    expect(toStays([])).toEqual([]);
  });
});
