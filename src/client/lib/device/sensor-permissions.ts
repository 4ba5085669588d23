import { MOTION_PROBE_MS } from '#shared/constants';
import type { DevicePermissionState, SensorPermission } from './permissions';

/**
 * The camera, the microphone and the motion sensors for the permissions screen (loaded with its first question
 * about one of them, see ./permissions). States come from the Permissions API where the browser has a name for
 * them, else from what the browser does.
 */

/** What the Permissions API says, or null where it has no answer (no API, a name this browser does not know). */
async function permissionsApi(name: string): Promise<PermissionState | null> {
  if (!navigator.permissions?.query) return null;
  try {
    // 'camera', 'microphone' and 'accelerometer' are not in TypeScript's PermissionName union.
    return (await navigator.permissions.query({ name: name as PermissionName })).state;
  } catch {
    return null;
  }
}

type MediaPermission = Exclude<SensorPermission, 'motion'>;

const MEDIA_CONSTRAINTS: Record<MediaPermission, MediaStreamConstraints> = {
  camera: { video: true },
  microphone: { audio: true },
};

async function queryMedia(permission: MediaPermission): Promise<DevicePermissionState> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unsupported';
  return (await permissionsApi(permission)) ?? 'prompt';
}

async function requestMedia(permission: MediaPermission): Promise<DevicePermissionState> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unsupported';
  try {
    const stream = await navigator.mediaDevices.getUserMedia(MEDIA_CONSTRAINTS[permission]);
    // Only the permission was wanted: release the camera or microphone at once.
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    // A prompt closed without an answer is refused too, but the browser will ask again.
    if (error.name === 'NotAllowedError')
      return (await permissionsApi(permission)) === 'prompt' ? 'prompt' : 'denied';
    if (error.name === 'NotFoundError') return 'unsupported';
    throw error;
  }
}

/** What the motion sensor did while listened to: real readings, one event without values (none), or nothing. */
type MotionProbe = 'readings' | 'no_sensor' | 'silent';

function probeMotion(): Promise<MotionProbe> {
  return new Promise((resolve) => {
    const finish = (result: MotionProbe): void => {
      window.removeEventListener('devicemotion', onMotion);
      window.clearTimeout(timer);
      resolve(result);
    };
    const onMotion = (event: DeviceMotionEvent): void => {
      const reading = event.accelerationIncludingGravity;
      const hasValues = reading !== null && [reading.x, reading.y, reading.z].some((value) => value !== null);
      finish(hasValues ? 'readings' : 'no_sensor');
    };
    window.addEventListener('devicemotion', onMotion);
    const timer = window.setTimeout(() => finish('silent'), MOTION_PROBE_MS);
  });
}

function asksForMotion(): boolean {
  return (
    typeof (DeviceMotionEvent as unknown as { requestPermission?: unknown }).requestPermission === 'function'
  );
}

/** This page was given motion readings through iOS's question (Safari keeps the answer only for a while). */
let motionGranted = false;
/**
 * The browser said it has no motion sensor: Chromium fires its one event without values only for the first
 * listener of a page, so later questions (the screen asks again when the person comes back to it) hear nothing.
 */
let noMotionSensor = false;

/**
 * Motion: readings already arriving need nothing more (iOS after its question was answered yes, other browsers
 * always); none at all where the browser can ask means iOS, which asks from a tap; an event without values, or
 * silence where nothing can be asked or the question was answered yes, means the device has no motion sensor (a
 * computer).
 */
async function queryMotion(): Promise<DevicePermissionState> {
  if (typeof DeviceMotionEvent === 'undefined') return 'unsupported';
  // Chromium gives motion events only with both (its site settings call them "Motion sensors").
  const [accelerometer, gyroscope] = await Promise.all([
    permissionsApi('accelerometer'),
    permissionsApi('gyroscope'),
  ]);
  if (accelerometer === 'denied' || gyroscope === 'denied') return 'denied';
  const probe = await probeMotion();
  if (probe === 'readings') return motionGranted ? 'granted' : 'not_needed';
  if (probe === 'no_sensor') noMotionSensor = true;
  // Silence where the browser can ask: it waits for the question (iOS), unless it was asked and said yes already.
  if (probe === 'silent' && asksForMotion() && !noMotionSensor && !motionGranted) return 'prompt';
  return 'unsupported';
}

export function querySensor(permission: SensorPermission): Promise<DevicePermissionState> {
  return permission === 'motion' ? queryMotion() : queryMedia(permission);
}

/**
 * `asked`: iOS's motion question, already asked by the caller inside the tap (null where the browser has none).
 * Once it is answered yes, what the sensor then does is the state (a browser may say yes and have no sensor).
 */
export async function requestSensor(
  permission: SensorPermission,
  asked: Promise<PermissionState> | null,
): Promise<DevicePermissionState> {
  if (permission !== 'motion') return requestMedia(permission);
  if (!asked) return queryMotion();
  if ((await asked) !== 'granted') return 'denied';
  motionGranted = true;
  return queryMotion();
}

/** For tests: forget what this page learnt of the motion sensor. */
export function resetMotionGrant(): void {
  motionGranted = false;
  noMotionSensor = false;
}
