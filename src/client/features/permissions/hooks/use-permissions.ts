import { useCallback, useEffect, useState } from 'react';
import { PERMISSIONS_TEXTS } from '#shared/onboarding-texts';
import { useDevice } from '../../../lib/device/device-context';
import type { DevicePermission } from '../../../lib/device/permissions';

/** A permission item of the permissions screen (docs/PRODUCT.md#screens-and-routes). */
export type PermissionItem = {
  id: DevicePermission;
  title: string;
  description: string;
  required: boolean;
  granted: boolean;
};

const INITIAL_ITEMS: PermissionItem[] = [
  {
    id: 'location',
    title: PERMISSIONS_TEXTS.location,
    description: PERMISSIONS_TEXTS.locationDescription,
    required: true,
    granted: false,
  },
  {
    id: 'notifications',
    title: PERMISSIONS_TEXTS.notifications,
    description: PERMISSIONS_TEXTS.notificationsDescription,
    required: true,
    granted: false,
  },
  {
    id: 'camera',
    title: PERMISSIONS_TEXTS.camera,
    description: PERMISSIONS_TEXTS.cameraDescription,
    required: false,
    granted: false,
  },
];

export type PermissionsApi = {
  items: PermissionItem[];
  pending: DevicePermission | null;
  request: (id: DevicePermission) => Promise<void>;
  allRequiredGranted: boolean;
};

/**
 * Shows what the browser already granted, and asks for the rest on Enable. Request failures are only logged
 * (docs/PRODUCT.md#app-messages); the item simply stays not granted.
 */
export function usePermissions(): PermissionsApi {
  const { permissions } = useDevice();
  const [items, setItems] = useState<PermissionItem[]>(INITIAL_ITEMS);
  const [pending, setPending] = useState<DevicePermission | null>(null);

  const markGranted = useCallback((id: DevicePermission, granted: boolean) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, granted } : item)));
  }, []);

  useEffect(() => {
    let active = true;
    for (const item of INITIAL_ITEMS) {
      permissions
        .query(item.id)
        .then((state) => {
          if (active && state === 'granted') markGranted(item.id, true);
        })
        .catch((error: unknown) => console.error(`Permission query failed: ${item.id}`, error));
    }
    return () => {
      active = false;
    };
  }, [permissions, markGranted]);

  const request = useCallback(
    async (id: DevicePermission) => {
      setPending(id);
      try {
        const state = await permissions.request(id);
        markGranted(id, state === 'granted');
      } catch (error) {
        console.error(`Permission request failed: ${id}`, error);
      } finally {
        setPending(null);
      }
    },
    [permissions, markGranted],
  );

  const allRequiredGranted = items.every((item) => !item.required || item.granted);
  return { items, pending, request, allRequiredGranted };
}
