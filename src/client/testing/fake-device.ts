import type { DeviceAdapters } from '../lib/device/device-context';
import type { GeolocationFailure, PositionReading } from '../lib/device/geolocation';
import type { DevicePermission, DevicePermissionState } from '../lib/device/permissions';
import type { WebPushPermission, WebPushSubscription } from '../lib/device/web-push';

/** Controllable stand-ins for the device adapters. */
export type FakeDevice = DeviceAdapters & {
  setOnline: (online: boolean) => void;
  setBatteryLevel: (level: number) => void;
  permissionStates: Record<DevicePermission, DevicePermissionState>;
  /** What `request` answers per permission (default 'granted'). */
  requestResults: Partial<Record<DevicePermission, DevicePermissionState | Error>>;
  /** Every `sms:` URL the app asked the messaging app to open. */
  smsOpened: string[];
  /** Whether the fake device has a messaging app (default true). */
  smsAvailable: boolean;
  /** Sends a position to every `watchPosition` watcher (timestamp defaults to now). */
  emitPosition: (reading: Partial<PositionReading> & { latitude: number; longitude: number }) => void;
  /** Reports a geolocation failure to every watcher. */
  emitPositionError: (failure: GeolocationFailure) => void;
  /** How many `watchPosition` watchers are active. */
  watcherCount: () => number;
  /** The options of every `getCurrentPosition` call, in order. */
  positionAsks: Array<Parameters<DeviceAdapters['geolocation']['getCurrentPosition']>[0]>;
  /** The fake browser's Web Push state. */
  pushState: {
    supported: boolean;
    permission: WebPushPermission;
    /** What `requestPermission` answers (default 'granted'). */
    requestResult: WebPushPermission;
    subscription: WebPushSubscription | null;
  };
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
  const watchers = new Set<{
    onPosition: (reading: PositionReading) => void;
    onError: (failure: GeolocationFailure) => void;
  }>();
  const device: FakeDevice = {
    geolocation: {
      getCurrentPosition: (options) => {
        device.positionAsks.push(options);
        return gps
          ? Promise.resolve({ latitude: 51.5, longitude: -0.12, accuracy: 10 })
          : Promise.reject(Object.assign(new Error('denied'), { code: 1 }));
      },
      watchPosition(_options, onPosition, onError) {
        const watcher = { onPosition, onError };
        watchers.add(watcher);
        return () => watchers.delete(watcher);
      },
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
    permissionStates: {
      location: 'prompt',
      notifications: 'prompt',
      camera: 'prompt',
      microphone: 'prompt',
      motion: 'not_needed',
    },
    requestResults: {},
    sms: {
      isAvailable: () => device.smsAvailable,
      open: (url) => {
        device.smsOpened.push(url);
      },
    },
    smsOpened: [],
    smsAvailable: true,
    emitPosition(reading) {
      const full: PositionReading = {
        accuracy: 10,
        speed: null,
        heading: null,
        altitude: null,
        timestamp: Date.now(),
        ...reading,
      };
      for (const watcher of [...watchers]) watcher.onPosition(full);
    },
    emitPositionError(failure) {
      for (const watcher of [...watchers]) watcher.onError(failure);
    },
    watcherCount: () => watchers.size,
    positionAsks: [],
    pushState: { supported: true, permission: 'default', requestResult: 'granted', subscription: null },
    push: {
      isSupported: () => device.pushState.supported,
      permission: () => (device.pushState.supported ? device.pushState.permission : 'unsupported'),
      requestPermission: async () => {
        device.pushState.permission = device.pushState.requestResult;
        return device.pushState.permission;
      },
      getSubscription: async () => device.pushState.subscription,
      subscribe: async () => {
        device.pushState.subscription = {
          endpoint: 'https://push.example.test/subscription-1',
          keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret123' },
        };
        return device.pushState.subscription;
      },
      unsubscribe: async () => {
        const endpoint = device.pushState.subscription?.endpoint ?? null;
        device.pushState.subscription = null;
        return endpoint;
      },
    },
  };
  return device;
}
