import { createContext, useContext, type ReactNode } from 'react';
import { browserBattery, type BatteryAdapter } from './battery';
import type { DangerSensors } from './danger-sensors';
import { browserGeolocation, type GeolocationAdapter } from './geolocation';
import { browserNetwork, type NetworkAdapter } from './network';
import { createBrowserPermissions, type PermissionsAdapter } from './permissions';
import { browserSmsComposer, type SmsComposerAdapter } from './sms-composer';
import { browserWebPush, type WebPushAdapter } from './web-push';

/** Every device facility the app touches. Components read them from context so tests can swap in fakes. */
export type DeviceAdapters = {
  geolocation: GeolocationAdapter;
  battery: BatteryAdapter;
  network: NetworkAdapter;
  permissions: PermissionsAdapter;
  /** The messaging app, for the offline SOS path. */
  sms: SmsComposerAdapter;
  /** Web Push subscriptions of this browser's service worker. */
  push: WebPushAdapter;
  /**
   * Motion, microphone loudness and speech for danger detection. Absent: the browser's, which load with the
   * detection code (lib/device/danger-sensors.ts) rather than with the first screen.
   */
  dangerSensors?: DangerSensors;
};

export const browserDevice: DeviceAdapters = {
  geolocation: browserGeolocation,
  battery: browserBattery,
  network: browserNetwork,
  permissions: createBrowserPermissions(browserGeolocation),
  sms: browserSmsComposer,
  push: browserWebPush,
};

const DeviceContext = createContext<DeviceAdapters>(browserDevice);

export function DeviceProvider({ adapters, children }: { adapters: DeviceAdapters; children: ReactNode }) {
  return <DeviceContext.Provider value={adapters}>{children}</DeviceContext.Provider>;
}

export function useDevice(): DeviceAdapters {
  return useContext(DeviceContext);
}
