import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollFreshPositions } from './fresh-positions';
import type { GeolocationAdapter, GeolocationFailure, PositionFix, PositionReading } from './geolocation';

const INTERVAL = 5000;
const OPTIONS = { intervalMs: INTERVAL, timeoutMs: 30_000, highAccuracy: true };

/** A device whose fixes the test hands out one ask at a time. */
function fakeGeolocation() {
  const asks: Array<{
    options: Parameters<GeolocationAdapter['getCurrentPosition']>[0];
    at: number;
    resolve: (fix: PositionFix) => void;
    reject: (error: Error) => void;
  }> = [];
  const geolocation: GeolocationAdapter = {
    getCurrentPosition: (options) =>
      new Promise((resolve, reject) => {
        asks.push({ options, at: Date.now(), resolve, reject });
      }),
    watchPosition: () => () => undefined,
  };
  return { geolocation, asks };
}

describe('fresh fixes during an alert', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a fix no older than now at once and every interval, with the time the device took it', async () => {
    const { geolocation, asks } = fakeGeolocation();
    const readings: PositionReading[] = [];
    const stop = pollFreshPositions(geolocation, OPTIONS, (reading) => readings.push(reading));

    expect(asks).toHaveLength(1);
    expect(asks[0]!.options).toEqual({ timeoutMs: 30_000, highAccuracy: true, maximumAgeMs: 0 });
    await vi.advanceTimersByTimeAsync(300);
    const takenAt = Date.now() - 200; // after the ask
    asks[0]!.resolve({ latitude: 1, longitude: 2, accuracy: 5, speed: 0, heading: null, timestamp: takenAt });
    await vi.advanceTimersByTimeAsync(0);
    expect(readings).toEqual([
      { latitude: 1, longitude: 2, accuracy: 5, speed: 0, heading: null, altitude: null, timestamp: takenAt },
    ]);

    // The next ask is an interval after the previous one started.
    await vi.advanceTimersByTimeAsync(INTERVAL - 300 - 1);
    expect(asks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asks).toHaveLength(2);
    stop();
  });

  it('asks one at a time: a slow fix delays the next ask, a failed one is reported and waits for the next', async () => {
    const { geolocation, asks } = fakeGeolocation();
    const readings: PositionReading[] = [];
    const failures: GeolocationFailure[] = [];
    const stop = pollFreshPositions(
      geolocation,
      OPTIONS,
      (reading) => readings.push(reading),
      (failure) => failures.push(failure),
    );
    expect(asks).toHaveLength(1);

    // The device takes three intervals to answer: no second ask meanwhile.
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    expect(asks).toHaveLength(1);
    asks[0]!.reject(Object.assign(new Error('Timeout expired'), { code: 3 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(asks).toHaveLength(2);
    expect(readings).toEqual([]);
    expect(failures).toEqual([{ code: 3, message: 'Timeout expired' }]);

    asks[1]!.resolve({ latitude: 3, longitude: 4, accuracy: 10 });
    await vi.advanceTimersByTimeAsync(0);
    // A fix without its time (older adapters) counts as taken now.
    expect(readings.map((reading) => reading.timestamp)).toEqual([Date.now()]);
    stop();
  });

  it('never dates a fix before the ask: a source that stamps every fix with an old time still shows the phone alive', async () => {
    const { geolocation, asks } = fakeGeolocation();
    const readings: PositionReading[] = [];
    const stop = pollFreshPositions(geolocation, OPTIONS, (reading) => readings.push(reading));
    const setAt = Date.now() - 60_000;
    for (let ask = 0; ask < 2; ask += 1) {
      if (ask > 0) await vi.advanceTimersByTimeAsync(INTERVAL);
      asks[ask]!.resolve({ latitude: 1, longitude: 2, accuracy: 5, timestamp: setAt });
      await vi.advanceTimersByTimeAsync(0);
      expect(readings[ask]!.timestamp).toBe(asks[ask]!.at);
    }
    expect(readings[1]!.timestamp).toBeGreaterThan(readings[0]!.timestamp);
    stop();
  });

  it('stops: no further asks, and a fix arriving after the stop is dropped', async () => {
    const { geolocation, asks } = fakeGeolocation();
    const readings: PositionReading[] = [];
    const stop = pollFreshPositions(geolocation, OPTIONS, (reading) => readings.push(reading));
    stop();
    asks[0]!.resolve({ latitude: 1, longitude: 2, accuracy: 5 });
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    expect(readings).toEqual([]);
    expect(asks).toHaveLength(1);
  });
});
