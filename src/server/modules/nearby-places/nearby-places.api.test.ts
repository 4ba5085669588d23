/**
 * POST /api/nearby-places against a local fake Overpass server (testing/fake-overpass.ts) serving real Overpass
 * JSON (testing/overpass-fixture.json): places mapped and sorted, the sample fallback for a slow, down or
 * malformed provider, the per-cell cache on the manual clock, the per-person limit, and refused input.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEARBY_PLACES } from '#shared/nearby-places-constants';
import type { NearbyPlacesResponse } from '#shared/schemas/nearby-places';
import { startFakeOverpass, type FakeOverpass } from '../../testing/fake-overpass';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { SAMPLE_PLACES } from './sample-places';
import { NEARBY_PLACES_RATE } from './service';

const NEW_YORK = { lat: 40.7128, lng: -74.006 };

describe('POST /api/nearby-places', () => {
  let overpass: FakeOverpass;
  let sut: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    overpass = await startFakeOverpass();
    // A generous time-out: a busy test machine must not turn a good answer into the fallback.
    sut = await createTestApp({ OVERPASS_URL: overpass.url, OVERPASS_TIMEOUT_MS: '20000' });
    user = await createTestUser(sut, 'Nia Nearby');
  });
  afterAll(async () => {
    await sut?.close();
    await overpass?.close();
  });
  beforeEach(() => {
    overpass.mode = 'ok';
    overpass.requests.length = 0;
  });

  const ask = (body: unknown, who: TestUser | null = user) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/nearby-places',
      headers: who ? who.headers : {},
      payload: body as Record<string, unknown>,
    });
  const places = async (position: { lat: number; lng: number }, who: TestUser = user) => {
    const res = await ask(position, who);
    expect(res.statusCode).toBe(200);
    return res.json<NearbyPlacesResponse>();
  };

  it('maps OpenStreetMap places to the six types, nearest first, with name, address, phone and hours', async () => {
    const answer = await places(NEW_YORK);
    expect(answer.fallback).toBe(false);
    expect(answer.places.map((place) => [place.type, place.name])).toEqual([
      ['surveillance', 'Surveillance'],
      ['public_safe', 'Duane Reade'],
      ['public_safe', 'Chambers Street'],
      ['hospital', 'NewYork-Presbyterian Lower Manhattan Hospital'],
      ['fire', 'FDNY Engine 6'],
      ['public_safe', 'Safe Place'],
      ['emergency', 'FDNY EMS Station 4'],
      ['police', 'NYPD 1st Precinct'],
    ]);
    const byName = new Map(answer.places.map((place) => [place.name, place]));
    expect(byName.get('NYPD 1st Precinct')).toEqual({
      name: 'NYPD 1st Precinct',
      type: 'police',
      coordinates: [40.7199, -74.0078],
      description: 'Police · Open 24/7',
      address: '16 Ericsson Place, New York',
      phone: '+1 212-334-0611',
      hours: '24/7',
    });
    // A way: its position is the centre Overpass computed.
    expect(byName.get('NewYork-Presbyterian Lower Manhattan Hospital')).toMatchObject({
      coordinates: [40.7101, -74.0048],
      description: 'Hospital',
      address: '170 William Street, New York',
      phone: '+1 212-312-5000',
    });
    // contact:phone with two numbers: the first.
    expect(byName.get('Duane Reade')).toMatchObject({
      description: 'Safe Place · Pharmacy · Open 24/7',
      phone: '+1 212-227-6730',
      hours: '24/7',
    });
    // No name, no address: the type's label and an empty address, never an empty name.
    expect(byName.get('Safe Place')).toEqual({
      name: 'Safe Place',
      type: 'public_safe',
      coordinates: [40.7175, -74.0009],
      description: 'Safe Place · Fuel station',
      address: '',
      hours: 'Mo-Su 06:00-23:00',
    });
    expect(byName.get('Surveillance')?.description).toBe('Surveillance · Camera');
    expect(byName.get('FDNY EMS Station 4')?.description).toBe('Emergency');
    // The bench and the relation without a position are left out.
    expect(answer.places).toHaveLength(8);

    expect(overpass.requests).toHaveLength(1);
    const [request] = overpass.requests;
    expect(request?.userAgent).toMatch(/^Beacon\/\d/);
    // Asked about the centre of the position's grid cell, within the configured radius.
    expect(request?.query).toContain(`(around:${NEARBY_PLACES.radiusMeters},40.710000,-74.010000)`);
    expect(request?.query).toContain('[out:json]');
    expect(request?.query).toContain('out tags center;');
  });

  it('answers the bundled samples, flagged fallback, when the provider is slower than the time-out', async () => {
    overpass.mode = 'slow';
    // Its own app with a short time-out, so the case takes a fraction of a second.
    const impatient = await createTestApp({ OVERPASS_URL: overpass.url, OVERPASS_TIMEOUT_MS: '200' });
    try {
      const someone = await createTestUser(impatient);
      const res = await impatient.app.inject({
        method: 'POST',
        url: '/api/nearby-places',
        headers: someone.headers,
        payload: { lat: 10.01, lng: 10.01 },
      });
      expect(res.json()).toEqual({ places: SAMPLE_PLACES, fallback: true });
      expect(overpass.requests).toHaveLength(1);
    } finally {
      await impatient.close();
    }
  });

  it.each(['error', 'html', 'wrong-json'] as const)(
    'answers the samples when the provider answers %s',
    async (mode) => {
      overpass.mode = mode;
      expect(await places({ lat: 11.01, lng: 11.01 })).toEqual({ places: SAMPLE_PLACES, fallback: true });
    },
  );

  it('answers the samples when nothing listens at the provider address', async () => {
    const down = await createTestApp({ OVERPASS_URL: 'http://127.0.0.1:9/api/interpreter' });
    try {
      const someone = await createTestUser(down);
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/nearby-places',
        headers: someone.headers,
        payload: NEW_YORK,
      });
      expect(res.json()).toEqual({ places: SAMPLE_PLACES, fallback: true });
    } finally {
      await down.close();
    }
  });

  it('never moves the samples to the person: the same fixed places wherever they ask from', async () => {
    overpass.mode = 'error';
    const here = await places({ lat: -33.86, lng: 151.2 });
    const there = await places({ lat: 51.5, lng: -0.12 });
    expect(here.places).toEqual(there.places);
    expect(here.places.every((place) => place.name.startsWith('Sample '))).toBe(true);
    expect(here.places.every((place) => place.phone === undefined)).toBe(true);
  });

  it('does not cache a failure: the next request asks the provider again', async () => {
    overpass.mode = 'error';
    await places({ lat: 12.01, lng: 12.01 });
    overpass.mode = 'ok';
    expect((await places({ lat: 12.01, lng: 12.01 })).fallback).toBe(false);
    expect(overpass.requests).toHaveLength(2);
  });

  it('caches a good answer per grid cell until its time is up on the clock', async () => {
    const cell = { lat: 20.001, lng: 20.001 };
    await places(cell);
    // Another position in the same cell (and another person): from the cache, sorted from where they are.
    const other = await createTestUser(sut);
    const cached = await places({ lat: 20.004, lng: 19.998 }, other);
    expect(cached.fallback).toBe(false);
    expect(overpass.requests).toHaveLength(1);

    // The next cell asks the provider.
    await places({ lat: 20.011, lng: 20.001 });
    expect(overpass.requests).toHaveLength(2);

    sut.clock.advance(NEARBY_PLACES.cacheTtlMs - 1);
    await places(cell);
    expect(overpass.requests).toHaveLength(2);
    sut.clock.advance(1);
    await places(cell);
    expect(overpass.requests).toHaveLength(3);
  });

  it("limits the provider requests one person causes; past it they get the samples, and others don't", async () => {
    const busy = await createTestUser(sut, 'Busy Person');
    const cached = { lat: 25, lng: 25 };
    await places(cached, busy);
    overpass.mode = 'error'; // nothing more cached: every request is a provider request
    for (let index = 1; index < NEARBY_PLACES_RATE.limit; index++) {
      await places({ lat: 30 + index * 0.01, lng: 30 }, busy);
    }
    expect(overpass.requests).toHaveLength(NEARBY_PLACES_RATE.limit);
    overpass.mode = 'ok';
    const over = await places({ lat: 29, lng: 30 }, busy);
    expect(over).toEqual({ places: SAMPLE_PLACES, fallback: true });
    expect(overpass.requests).toHaveLength(NEARBY_PLACES_RATE.limit);
    // What is cached still answers them truthfully.
    expect((await places(cached, busy)).fallback).toBe(false);
    expect((await places({ lat: 29, lng: 30 }, user)).fallback).toBe(false);
    // A new window lets them through again.
    sut.clock.advance(NEARBY_PLACES_RATE.windowMs);
    expect((await places({ lat: 28, lng: 30 }, busy)).fallback).toBe(false);
  });

  it.each([
    [{ lat: 91, lng: 0 }, 'lat', 'Latitude must be between -90 and 90'],
    [{ lat: -90.5, lng: 0 }, 'lat', 'Latitude must be between -90 and 90'],
    [{ lat: 0, lng: 180.1 }, 'lng', 'Longitude must be between -180 and 180'],
    [{ lat: 0, lng: '12' }, 'lng', 'Longitude must be between -180 and 180'],
    [{ lng: 0 }, 'lat', 'Latitude must be between -90 and 90'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const res = await ask(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_failed', message, field });
    expect(overpass.requests).toHaveLength(0);
  });

  it('refuses a body that is not an object, saying what to send', async () => {
    const res = await ask([40.7, -74]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'The request body: Send your position as {lat, lng}',
      field: 'body',
    });
  });

  it('answers 401 to someone not signed in', async () => {
    const res = await ask(NEW_YORK, null);
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: string }>().error).toBe('not_authenticated');
  });
});
