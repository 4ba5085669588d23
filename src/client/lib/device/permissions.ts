import { GPS_CHECK_TIMEOUT_MS } from '#shared/constants';
import type { GeolocationAdapter } from './geolocation';

/** The device permissions this app asks for (docs/PRODUCT.md#roles-and-permissions). */
export type DevicePermission = 'location' | 'notifications' | 'camera';
export type DevicePermissionState = 'granted' | 'denied' | 'prompt' | 'unsupported';

export type PermissionsAdapter = {
  /** The current state without prompting. */
  query(permission: DevicePermission): Promise<DevicePermissionState>;
  /** Prompts the person (a real browser request) and resolves with the outcome. */
  request(permission: DevicePermission): Promise<DevicePermissionState>;
};

const QUERY_NAMES: Record<DevicePermission, string> = {
  location: 'geolocation',
  notifications: 'notifications',
  camera: 'camera',
};

const PERMISSION_DENIED = 1;

async function queryBrowser(permission: DevicePermission): Promise<DevicePermissionState> {
  if (permission === 'notifications' && typeof Notification !== 'undefined') {
    return Notification.permission === 'default' ? 'prompt' : Notification.permission;
  }
  if (!navigator.permissions?.query) return 'prompt';
  try {
    // 'camera' is missing from TypeScript's PermissionName union although Chromium supports it.
    const status = await navigator.permissions.query({ name: QUERY_NAMES[permission] as PermissionName });
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

async function requestCamera(): Promise<DevicePermissionState> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unsupported';
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    // Only the permission was wanted: release the camera at once.
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') return 'denied';
    throw error;
  }
}

export function createBrowserPermissions(geolocation: GeolocationAdapter): PermissionsAdapter {
  return {
    query: queryBrowser,
    request(permission) {
      if (permission === 'location') return requestLocation(geolocation);
      if (permission === 'notifications') return requestNotifications();
      return requestCamera();
    },
  };
}
