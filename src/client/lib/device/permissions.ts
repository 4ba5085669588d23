import { GPS_CHECK_TIMEOUT_MS } from '#shared/constants';
import type { GeolocationAdapter } from './geolocation';

/** The device permissions this app asks for (docs/PRODUCT.md#roles-and-permissions). */
export type DevicePermission = 'location' | 'notifications' | 'camera' | 'microphone' | 'motion';
/** The camera, the microphone and the motion sensors: asked for through ./sensor-permissions, loaded on demand. */
export type SensorPermission = Exclude<DevicePermission, 'location' | 'notifications'>;
/**
 * `not_needed`: the browser gives what is wanted without a permission (motion readings outside iOS);
 * `unsupported`: it cannot give it at all (no geolocation, no camera, no motion sensor).
 */
export type DevicePermissionState = 'granted' | 'denied' | 'prompt' | 'unsupported' | 'not_needed';

export type PermissionsAdapter = {
  /** The current state without prompting. */
  query(permission: DevicePermission): Promise<DevicePermissionState>;
  /** Prompts the person (a real browser request) and resolves with the outcome. */
  request(permission: DevicePermission): Promise<DevicePermissionState>;
};

const PERMISSION_DENIED = 1;

/** The sensors' code is needed only by the permissions screen: it loads with the first question about one. */
const sensors = () => import('./sensor-permissions');

async function queryBrowser(permission: 'location' | 'notifications'): Promise<DevicePermissionState> {
  if (permission === 'notifications' && typeof Notification !== 'undefined') {
    return Notification.permission === 'default' ? 'prompt' : Notification.permission;
  }
  if (!navigator.permissions?.query) return 'prompt';
  try {
    const status = await navigator.permissions.query({
      name: permission === 'location' ? 'geolocation' : permission,
    });
    return status.state;
  } catch {
    return 'prompt';
  }
}

async function requestLocation(geolocation: GeolocationAdapter): Promise<DevicePermissionState> {
  try {
    await geolocation.getCurrentPosition({ timeoutMs: GPS_CHECK_TIMEOUT_MS });
    return 'granted';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === PERMISSION_DENIED) return 'denied';
    // A timeout or missing fix says nothing about the permission; ask the browser what it recorded.
    return queryBrowser('location');
  }
}

async function requestNotifications(): Promise<DevicePermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  const result = await Notification.requestPermission();
  return result === 'default' ? 'prompt' : result;
}

/** iOS's motion question, which Safari asks only from inside a tap: so it is asked here, before any `await`. */
type MotionWithQuestion = { requestPermission?: () => Promise<PermissionState> };

function askMotion(): Promise<PermissionState> | null {
  if (typeof DeviceMotionEvent === 'undefined') return null;
  return (DeviceMotionEvent as unknown as MotionWithQuestion).requestPermission?.() ?? null;
}

export function createBrowserPermissions(geolocation: GeolocationAdapter): PermissionsAdapter {
  return {
    query(permission) {
      if (permission === 'location' || permission === 'notifications') return queryBrowser(permission);
      return sensors().then((module) => module.querySensor(permission));
    },
    request(permission) {
      if (permission === 'location') return requestLocation(geolocation);
      if (permission === 'notifications') return requestNotifications();
      const asked = permission === 'motion' ? askMotion() : null;
      // Its refusal is read below, once the module is there; until then it must not count as unhandled.
      asked?.catch(() => undefined);
      return sensors().then((module) => module.requestSensor(permission, asked));
    },
  };
}
