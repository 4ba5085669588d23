import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { AppNotification, NewNotification, NotificationsStore } from '../stores/notifications-store';

/** Null while nobody is signed in: there is no list to show or add to. */
export const NotificationsContext = createContext<NotificationsStore | null>(null);

const EMPTY: AppNotification[] = [];
const noopSubscribe = (): (() => void) => () => undefined;

export type NotificationsApi = {
  notifications: AppNotification[];
  unreadCount: number;
  markRead: (id: string) => void;
  markAllRead: () => void;
  remove: (id: string) => void;
};

export function useNotifications(): NotificationsApi {
  const store = useContext(NotificationsContext);
  const notifications = useSyncExternalStore(
    store?.subscribe ?? noopSubscribe,
    store?.getSnapshot ?? (() => EMPTY),
  );
  return {
    notifications,
    unreadCount: notifications.filter((item) => !item.read).length,
    markRead: (id) => store?.markRead(id),
    markAllRead: () => store?.markAllRead(),
    remove: (id) => store?.remove(id),
  };
}

/**
 * Adds a notification to the signed-in person's list (e.g. an alert's outcome). Does nothing when signed out.
 * Returns the stored notification, or null.
 */
export function useAddNotification(): (notification: NewNotification) => AppNotification | null {
  const store = useContext(NotificationsContext);
  return useCallback((notification) => store?.add(notification) ?? null, [store]);
}
