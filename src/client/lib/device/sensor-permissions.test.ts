import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOTION_PROBE_MS } from '#shared/constants';
import { browserGeolocation } from './geolocation';
import { createBrowserPermissions } from './permissions';
import { querySensor, requestSensor, resetMotionGrant } from './sensor-permissions';

/** A devicemotion event as a browser fires it: with readings, or (a computer without a sensor) with nulls. */
function motionEvent(values: { x: number | null; y: number | null; z: number | null } | null): Event {
  return Object.assign(new Event('devicemotion'), { accelerationIncludingGravity: values });
}

/** The browser's DeviceMotionEvent, with iOS's question when `question` is given. */
function stubMotion(question?: () => Promise<PermissionState>): void {
  vi.stubGlobal(
    'DeviceMotionEvent',
    Object.assign(class {}, question ? { requestPermission: question } : {}),
  );
}

function stubPermissionsApi(states: Record<string, PermissionState>): void {
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: {
      query: async ({ name }: { name: string }) => {
        const state = states[name];
        if (!state) throw new TypeError(`${name} is not a permission name here`);
        return { state };
      },
    },
  });
}

/** Resolves once the page listens for motion (the probe starts after the Permissions API has answered). */
async function listeningForMotion(): Promise<void> {
  await vi.waitFor(() =>
    expect(vi.mocked(window.addEventListener)).toHaveBeenCalledWith('devicemotion', expect.any(Function)),
  );
}

beforeEach(() => {
  vi.spyOn(window, 'addEventListener');
  resetMotionGrant();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('motion sensors', () => {
  it('need no permission where readings arrive without one', async () => {
    stubMotion();
    const state = querySensor('motion');
    await listeningForMotion();
    window.dispatchEvent(motionEvent({ x: 0.1, y: 9.7, z: 0.3 }));
    await expect(state).resolves.toBe('not_needed');
  });

  it('are not there on a device that fires one event without values (a computer), then nothing', async () => {
    stubMotion(async () => 'granted');
    const state = querySensor('motion');
    await listeningForMotion();
    window.dispatchEvent(motionEvent({ x: null, y: null, z: null }));
    await expect(state).resolves.toBe('unsupported');
    // Asked again (the person came back to the tab): no event this time, and still no sensor.
    const again = querySensor('motion');
    await vi.advanceTimersByTimeAsync(MOTION_PROBE_MS);
    await expect(again).resolves.toBe('unsupported');
  });

  it('are asked for where the browser has the question and gives nothing until then (iOS)', async () => {
    stubMotion(async () => 'granted');
    const state = querySensor('motion');
    await vi.advanceTimersByTimeAsync(MOTION_PROBE_MS);
    await expect(state).resolves.toBe('prompt');
  });

  it('are not there where nothing arrives and nothing can be asked, or the browser has no such event', async () => {
    stubMotion();
    const silent = querySensor('motion');
    await vi.advanceTimersByTimeAsync(MOTION_PROBE_MS);
    await expect(silent).resolves.toBe('unsupported');
    vi.stubGlobal('DeviceMotionEvent', undefined);
    await expect(querySensor('motion')).resolves.toBe('unsupported');
  });

  it('are blocked when the Permissions API says so of the accelerometer or the gyroscope', async () => {
    stubMotion();
    stubPermissionsApi({ accelerometer: 'denied' });
    await expect(querySensor('motion')).resolves.toBe('denied');
    stubPermissionsApi({ accelerometer: 'granted', gyroscope: 'denied' });
    await expect(querySensor('motion')).resolves.toBe('denied');
  });

  it('asks iOS’s question inside the tap, before anything is awaited, and then reads the sensor', async () => {
    const question = vi.fn(async (): Promise<PermissionState> => 'granted');
    stubMotion(question);
    const permissions = createBrowserPermissions(browserGeolocation);
    const answer = permissions.request('motion');
    // Asked synchronously: Safari asks only from inside the person's tap.
    expect(question).toHaveBeenCalledOnce();
    await listeningForMotion();
    window.dispatchEvent(motionEvent({ x: 0, y: 9.8, z: 0 }));
    await expect(answer).resolves.toBe('granted');
  });

  it('are not there when the question is answered yes and still nothing arrives', async () => {
    stubMotion(async () => 'granted');
    const answer = requestSensor('motion', Promise.resolve('granted'));
    await listeningForMotion();
    await vi.advanceTimersByTimeAsync(MOTION_PROBE_MS);
    await expect(answer).resolves.toBe('unsupported');
  });

  it('are blocked when iOS’s question is answered no', async () => {
    stubMotion(async () => 'denied');
    await expect(requestSensor('motion', Promise.resolve('denied'))).resolves.toBe('denied');
  });
});

describe('camera and microphone', () => {
  it('read their state from the Permissions API, and are unsupported without media devices', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn() } });
    stubPermissionsApi({ camera: 'granted', microphone: 'denied' });
    await expect(querySensor('camera')).resolves.toBe('granted');
    await expect(querySensor('microphone')).resolves.toBe('denied');
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    await expect(querySensor('camera')).resolves.toBe('unsupported');
  });

  it('ask by opening the device once, and release it at once', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    await expect(requestSensor('microphone', null)).resolves.toBe('granted');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(stop).toHaveBeenCalledOnce();
  });

  it('are blocked after a refusal, still to be asked after a dismissed prompt, missing without a device', async () => {
    const getUserMedia = vi.fn(async (): Promise<MediaStream> => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    stubPermissionsApi({ camera: 'denied' });
    await expect(requestSensor('camera', null)).resolves.toBe('denied');
    stubPermissionsApi({ camera: 'prompt' });
    await expect(requestSensor('camera', null)).resolves.toBe('prompt');
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    await expect(requestSensor('camera', null)).resolves.toBe('unsupported');
  });
});
