import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOS } from '#shared/constants';
import type { GeolocationAdapter } from '../../../lib/device/geolocation';
import { getAlertLocation } from './get-alert-location';

function geolocation(getCurrentPosition: GeolocationAdapter['getCurrentPosition']): GeolocationAdapter {
  return { getCurrentPosition } as GeolocationAdapter;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('getAlertLocation', () => {
  it('resolves with the position, asking the browser for the 5 s time-out and accepting a fix up to a minute old', async () => {
    const get = vi.fn(async () => ({ latitude: 1, longitude: 2, accuracy: 5 }));
    await expect(getAlertLocation(geolocation(get), SOS.locationTimeoutMs)).resolves.toEqual({
      latitude: 1,
      longitude: 2,
      accuracy: 5,
    });
    expect(get).toHaveBeenCalledWith({
      timeoutMs: 5000,
      highAccuracy: true,
      maximumAgeMs: SOS.maxPositionAgeMs,
    });
  });

  it('gives up after the time-out even if the browser never answers', async () => {
    vi.useFakeTimers();
    const pending = getAlertLocation(
      geolocation(() => new Promise(() => undefined)),
      SOS.locationTimeoutMs,
    );
    await vi.advanceTimersByTimeAsync(SOS.locationTimeoutMs);
    await expect(pending).resolves.toBeNull();
  });

  it('resolves null when the position is refused', async () => {
    await expect(
      getAlertLocation(
        geolocation(() => Promise.reject(new Error('denied'))),
        SOS.locationTimeoutMs,
      ),
    ).resolves.toBeNull();
  });
});
