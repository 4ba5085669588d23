import type { DeviceAdapters } from '../lib/device/device-context';
import type { DevicePermission, DevicePermissionState } from '../lib/device/permissions';

/** Controllable stand-ins for the device adapters. */
export type FakeDevice = DeviceAdapters & {
  setOnline: (online: boolean) => void;
  setBatteryLevel: (level: number) => void;
  permissionStates: Record<DevicePermission, DevicePermissionState>;
  /** What `request` answers per permission (default 'granted'). */
  requestResults: Partial<Record<DevicePermission, DevicePermissionState | Error>>;
};

type FakeDeviceOptions = {
  gps?: boolean;
  online?: boolean;
  /** 0–1, or null for "no Battery API". */
  battery?: number | null;
};

export function createFakeDevice({
  gps = true,
  online = true,
  battery = null,
}: FakeDeviceOptions = {}): FakeDevice {
  let isOnline = online;
  const networkListeners = new Set<(online: boolean) => void>();
  const batteryListeners = new Set<(level: number) => void>();
  const device: FakeDevice = {
    geolocation: {
      getCurrentPosition: () =>
        gps
          ? Promise.resolve({ latitude: 51.5, longitude: -0.12, accuracy: 10 })
          : Promise.reject(Object.assign(new Error('denied'), { code: 1 })),
    },
    network: {
      isOnline: () => isOnline,
      subscribe(listener) {
        networkListeners.add(listener);
        return () => networkListeners.delete(listener);
      },
    },
    battery: {
      async watch(onLevel) {
        if (battery === null) return null;
        onLevel(battery);
        batteryListeners.add(onLevel);
        return () => batteryListeners.delete(onLevel);
      },
    },
    permissions: {
      query: async (permission) => device.permissionStates[permission],
      request: async (permission) => {
        const result = device.requestResults[permission] ?? 'granted';
        if (result instanceof Error) throw result;
        device.permissionStates[permission] = result;
        return result;
      },
    },
    setOnline(next) {
      isOnline = next;
      for (const listener of networkListeners) listener(next);
    },
    setBatteryLevel(level) {
      for (const listener of batteryListeners) listener(level);
    },
    permissionStates: { location: 'prompt', notifications: 'prompt', camera: 'prompt' },
    requestResults: {},
  };
  return device;
}
