import { describe, expect, it } from 'vitest';
import { addressOf, placeTypeOf, toNearbyPlace } from './osm-place';

describe('OpenStreetMap tags → Safety Map places', () => {
  it.each([
    [{ amenity: 'hospital' }, 'hospital'],
    [{ amenity: 'police' }, 'police'],
    [{ amenity: 'fire_station' }, 'fire'],
    [{ amenity: 'clinic', emergency: 'yes' }, 'emergency'],
    [{ healthcare: 'emergency' }, 'emergency'],
    [{ emergency: 'ambulance_station' }, 'emergency'],
    [{ amenity: 'pharmacy', opening_hours: '24/7' }, 'public_safe'],
    [{ amenity: 'fuel' }, 'public_safe'],
    [{ railway: 'station' }, 'public_safe'],
    [{ public_transport: 'station' }, 'public_safe'],
    [{ man_made: 'surveillance' }, 'surveillance'],
    [{ amenity: 'clinic' }, null],
    [{ amenity: 'pharmacy', opening_hours: 'Mo-Fr 09:00-18:00' }, null],
    [{ amenity: 'bench' }, null],
  ])('%j is %s', (tags, type) => {
    expect(placeTypeOf(tags)).toBe(type);
  });

  it('writes the address from addr:* tags, or nothing', () => {
    expect(
      addressOf({ 'addr:housenumber': '16', 'addr:street': 'Ericsson Place', 'addr:city': 'New York' }),
    ).toBe('16 Ericsson Place, New York');
    expect(addressOf({ 'addr:place': 'Harbour Square', 'addr:city': 'Leith' })).toBe('Harbour Square, Leith');
    expect(addressOf({ 'addr:city': 'Leith' })).toBe('Leith');
    expect(addressOf({ 'addr:housenumber': '5' })).toBe('');
    expect(addressOf({})).toBe('');
  });

  it('skips an element without a position and names one without a name by its type', () => {
    expect(toNearbyPlace({ type: 'relation', id: 1, tags: { amenity: 'police' } })).toBeNull();
    expect(
      toNearbyPlace({ type: 'node', id: 2, lat: 1, lon: 2, tags: { amenity: 'fire_station', name: '  ' } }),
    ).toMatchObject({ name: 'Fire Dept', description: 'Fire Dept', coordinates: [1, 2] });
  });
});
