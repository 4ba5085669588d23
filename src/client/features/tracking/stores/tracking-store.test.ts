import { describe, expect, it } from 'vitest';
import { LIVE_TRACKING } from '#shared/constants';
import { TRACKING_ERROR_TEXTS } from '#shared/location-dialog-texts';
import { GEOLOCATION_UNSUPPORTED, type PositionReading } from '../../../lib/device/geolocation';
import { trackingErrorMessage } from '../utils/tracking-error';
import { createTrackingStore } from './tracking-store';

const reading = (n: number): PositionReading => ({
  latitude: n / 1000,
  longitude: 0,
  accuracy: 10,
  speed: null,
  heading: null,
  altitude: null,
  timestamp: n,
});

describe('the tracker’s history', () => {
  it(`keeps only the newest ${LIVE_TRACKING.historySize} readings, oldest first`, () => {
    const store = createTrackingStore();
    for (let n = 1; n <= LIVE_TRACKING.historySize + 7; n += 1) store.record(reading(n));
    const { readings } = store.getSnapshot();
    expect(readings).toHaveLength(LIVE_TRACKING.historySize);
    expect(readings[0]?.timestamp).toBe(8);
    expect(readings.at(-1)?.timestamp).toBe(LIVE_TRACKING.historySize + 7);
  });

  it('keeps the last failure until a position arrives, and forgets everything on clear', () => {
    const store = createTrackingStore();
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.fail(3);
    store.fail(3);
    expect(store.getSnapshot().errorCode).toBe(3);
    expect(changes).toBe(1);
    store.record(reading(1));
    expect(store.getSnapshot().errorCode).toBeNull();
    store.clear();
    expect(store.getSnapshot().readings).toEqual([]);
  });

  it('counts the screens that show the position; releasing twice counts once', () => {
    const store = createTrackingStore();
    const release = store.demand();
    const other = store.demand();
    expect(store.getSnapshot().demand).toBe(2);
    release();
    release();
    expect(store.getSnapshot().demand).toBe(1);
    other();
    expect(store.getSnapshot().demand).toBe(0);
  });
});

describe('tracking messages', () => {
  it.each([
    [1, TRACKING_ERROR_TEXTS.denied, 'Location access denied. Please enable location permissions.'],
    [2, TRACKING_ERROR_TEXTS.unavailable, 'Location unavailable. Check GPS settings.'],
    [3, TRACKING_ERROR_TEXTS.timeout, 'Location request timed out. Trying again...'],
    [
      GEOLOCATION_UNSUPPORTED,
      TRACKING_ERROR_TEXTS.notSupported,
      'Geolocation not supported in this browser.',
    ],
  ])('code %s says what went wrong in the product’s words', (code, text, words) => {
    expect(text).toBe(words);
    expect(trackingErrorMessage(code, 'granted')).toBe(words);
  });

  it('a refused or missing permission comes first; no failure says nothing', () => {
    expect(trackingErrorMessage(null, 'denied')).toBe(
      'Location permission denied. Please enable location access in your device settings.',
    );
    expect(trackingErrorMessage(null, 'unsupported')).toBe(TRACKING_ERROR_TEXTS.notSupported);
    expect(trackingErrorMessage(null, 'granted')).toBeNull();
    expect(trackingErrorMessage(null, null)).toBeNull();
  });
});
