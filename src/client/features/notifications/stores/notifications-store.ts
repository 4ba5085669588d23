import { z } from 'zod';
import { STORAGE_KEYS } from '#shared/constants';
import { NOTIFICATION_TEXTS } from '#shared/ui-texts';
import { createPersistentStore } from '../../../lib/persistent-store';

/**
 * A notification (docs/PRODUCT.md#notifications). Kept on the device, per person, in local storage (through
 * lib/persistent-store, so another tab's changes show here too).
 */
const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(['info', 'success', 'warning', 'error']),
  title: z.string(),
  message: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof NotificationSchema>;
export type NotificationType = AppNotification['type'];
export type NewNotification = Pick<AppNotification, 'type' | 'title' | 'message'>;

/** Old notifications beyond this are dropped so local storage stays small. */
const MAX_NOTIFICATIONS = 100;
const SEED_CONTACTS_AGE_MS = 5 * 60 * 1000;
const EMPTY: AppNotification[] = [];

export type NotificationsStore = {
  getSnapshot: () => AppNotification[];
  subscribe: (listener: () => void) => () => void;
  add: (notification: NewNotification) => AppNotification;
  markRead: (id: string) => void;
  markAllRead: () => void;
  remove: (id: string) => void;
};

export function notificationsStorageKey(userId: string): string {
  return `${STORAGE_KEYS.notifications}:${userId}`;
}

function newId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The two notifications every person starts with (docs/PRODUCT.md#notifications). */
export function seedNotifications(nowMs: number): AppNotification[] {
  return [
    {
      id: newId(),
      type: 'info',
      title: NOTIFICATION_TEXTS.seedWelcomeTitle,
      message: NOTIFICATION_TEXTS.seedWelcomeMessage,
      timestamp: new Date(nowMs).toISOString(),
      read: false,
    },
    {
      id: newId(),
      type: 'warning',
      title: NOTIFICATION_TEXTS.seedContactsTitle,
      message: NOTIFICATION_TEXTS.seedContactsMessage,
      timestamp: new Date(nowMs - SEED_CONTACTS_AGE_MS).toISOString(),
      read: false,
    },
  ];
}

function newestFirst(list: AppNotification[]): AppNotification[] {
  return [...list]
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, MAX_NOTIFICATIONS);
}

/** A small external store (for `useSyncExternalStore`), seeded on a person's first visit. */
export function createNotificationsStore(userId: string, now: () => number = Date.now): NotificationsStore {
  // Missing or corrupt reads as null, and the person starts again from the seed.
  const stored = createPersistentStore<AppNotification[] | null>({
    key: notificationsStorageKey(userId),
    schema: z.array(NotificationSchema).nullable(),
    fallback: null,
  });
  const items = (): AppNotification[] => stored.get() ?? EMPTY;
  const commit = (next: AppNotification[]): void => stored.set(newestFirst(next));
  if (stored.get() === null) commit(seedNotifications(now()));

  return {
    getSnapshot: items,
    subscribe: (listener) => stored.subscribe(listener),
    add(notification) {
      const created: AppNotification = {
        ...notification,
        id: newId(),
        timestamp: new Date(now()).toISOString(),
        read: false,
      };
      commit([created, ...items()]);
      return created;
    },
    markRead(id) {
      if (!items().some((item) => item.id === id && !item.read)) return;
      commit(items().map((item) => (item.id === id ? { ...item, read: true } : item)));
    },
    markAllRead() {
      if (items().every((item) => item.read)) return;
      commit(items().map((item) => ({ ...item, read: true })));
    },
    remove(id) {
      commit(items().filter((item) => item.id !== id));
    },
  };
}
