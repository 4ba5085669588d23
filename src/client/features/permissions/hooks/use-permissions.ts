import { useCallback, useEffect, useState } from 'react';
import { PERMISSIONS_TEXTS } from '#shared/onboarding-texts';
import { useDevice } from '../../../lib/device/device-context';
import type { DevicePermission, DevicePermissionState } from '../../../lib/device/permissions';

/** A permission item of the permissions screen (docs/PRODUCT.md#screens-and-routes). */
export type PermissionItem = {
  id: DevicePermission;
  title: string;
  description: string;
  /** An SOS needs it to do its whole job (its position, an alert to a guardian's phone); the others are optional. */
  required: boolean;
  /** What the browser says (Permissions API where it has one); null until it answered. */
  state: DevicePermissionState | null;
};

/** What Beacon's features use, the required ones first. */
const INITIAL_ITEMS: PermissionItem[] = [
  {
    id: 'location',
    title: PERMISSIONS_TEXTS.location,
    description: PERMISSIONS_TEXTS.locationDescription,
    required: true,
    state: null,
  },
  {
    id: 'notifications',
    title: PERMISSIONS_TEXTS.notifications,
    description: PERMISSIONS_TEXTS.notificationsDescription,
    required: true,
    state: null,
  },
  {
    id: 'camera',
    title: PERMISSIONS_TEXTS.camera,
    description: PERMISSIONS_TEXTS.cameraDescription,
    required: false,
    state: null,
  },
  {
    id: 'microphone',
    title: PERMISSIONS_TEXTS.microphone,
    description: PERMISSIONS_TEXTS.microphoneDescription,
    required: false,
    state: null,
  },
  {
    id: 'motion',
    title: PERMISSIONS_TEXTS.motion,
    description: PERMISSIONS_TEXTS.motionDescription,
    required: false,
    state: null,
  },
];

export type PermissionsApi = {
  items: PermissionItem[];
  pending: DevicePermission | null;
  request: (id: DevicePermission) => Promise<void>;
  /** Every required permission is allowed. */
  requiredGranted: boolean;
};

/**
 * Each permission's real state, asked again whenever the person comes back to the tab (they may just have
 * changed it in the browser's settings), and the browser's prompt on Enable. Request failures are only logged
 * (docs/PRODUCT.md#app-messages); the item keeps what the browser says.
 */
export function usePermissions(): PermissionsApi {
  const { permissions } = useDevice();
  const [items, setItems] = useState<PermissionItem[]>(INITIAL_ITEMS);
  const [pending, setPending] = useState<DevicePermission | null>(null);

  const setState = useCallback((id: DevicePermission, state: DevicePermissionState) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, state } : item)));
  }, []);

  useEffect(() => {
    let active = true;
    const check = (): void => {
      for (const item of INITIAL_ITEMS) {
        permissions
          .query(item.id)
          .then((state) => {
            if (active) setState(item.id, state);
          })
          .catch((error: unknown) => console.error(`Permission query failed: ${item.id}`, error));
      }
    };
    check();
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      active = false;
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [permissions, setState]);

  const request = useCallback(
    async (id: DevicePermission) => {
      setPending(id);
      try {
        setState(id, await permissions.request(id));
      } catch (error) {
        console.error(`Permission request failed: ${id}`, error);
      } finally {
        setPending(null);
      }
    },
    [permissions, setState],
  );

  const requiredGranted = items.every((item) => !item.required || item.state === 'granted');
  return { items, pending, request, requiredGranted };
}
