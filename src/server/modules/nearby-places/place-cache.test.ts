import { describe, expect, it } from 'vitest';
import type { NearbyPlace } from '#shared/schemas/nearby-places';
import { manualClock } from '../../adapters/clock';
import { gridCell } from './grid-cell';
import { createPlaceCache } from './place-cache';

const PLACE: NearbyPlace = {
  name: 'Station',
  type: 'public_safe',
  coordinates: [1, 2],
  description: 'Safe Place',
  address: '',
};

describe('place cache', () => {
  it('forgets an entry when its time is up', () => {
    const clock = manualClock();
    const cache = createPlaceCache(clock, 1000);
    cache.set('a', [PLACE]);
    clock.advance(999);
    expect(cache.get('a')).toEqual([PLACE]);
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used cell past its size', () => {
    const cache = createPlaceCache(manualClock(), 60_000, 2);
    cache.set('a', [PLACE]);
    cache.set('b', []);
    cache.get('a'); // a is now the most recently used
    cache.set('c', []);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual([PLACE]);
    expect(cache.get('c')).toEqual([]);
  });
});

describe('grid cell', () => {
  it('rounds to the cell centre and treats -0 as 0', () => {
    expect(gridCell({ lat: 40.712776, lng: -74.005974 }, 2)).toEqual({
      key: '40.71,-74.01',
      center: { lat: 40.71, lng: -74.01 },
    });
    expect(gridCell({ lat: -0.001, lng: 0.004 }, 2).key).toBe('0.00,0.00');
  });
});
