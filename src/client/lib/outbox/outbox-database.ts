import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './outbox-item';

/**
 * The outbox's IndexedDB: one object store of items keyed by [ownerId, kind, id], read in the order they were
 * queued through the `queue` index. IndexedDB rather than local storage: it is transactional (a cap and an insert
 * happen together), holds far more than 5 MB (a recording's pieces), and is readable from a service worker.
 * Items can be large (a second of video is about 330 KB), so what runs on every change reads keys, never values:
 * the waiting ids (`listIds`), the earliest next attempt (the `wake` index), and a flush reads one batch (`limit`).
 */
type StoredItem = OutboxItem<unknown>;

interface OutboxSchema extends DBSchema {
  items: {
    key: [string, string, string];
    value: StoredItem;
    indexes: { queue: [string, string, number, string]; owner: string; wake: [string, number] };
  };
}

export type OutboxDatabase = {
  /** Adds the item unless one with its id waits already; then drops the oldest beyond `maxItems`. */
  add(item: StoredItem, maxItems: number | undefined): Promise<void>;
  /** This person's items of a kind, oldest first; at most `limit` of them when given. */
  list(ownerId: string, kind: string, limit?: number): Promise<StoredItem[]>;
  /** The ids of this person's items of a kind, oldest first, without reading the items. */
  listIds(ownerId: string, kind: string): Promise<string[]>;
  /** The earliest `nextAttemptAt` of this person's items (any kind), or null when none wait. */
  earliestAttempt(ownerId: string): Promise<number | null>;
  remove(items: ReadonlyArray<Pick<StoredItem, 'ownerId' | 'kind' | 'id'>>): Promise<void>;
  /** Records a failed attempt on items still waiting (one removed meanwhile stays removed). */
  recordFailure(items: ReadonlyArray<StoredItem>, nextAttemptAt: number): Promise<void>;
  discardOnSignOut(ownerId: string): Promise<void>;
};

const STORE = 'items';

function keyOf(item: Pick<StoredItem, 'ownerId' | 'kind' | 'id'>): [string, string, string] {
  return [item.ownerId, item.kind, item.id];
}

function queueRange(ownerId: string, kind: string): IDBKeyRange {
  return IDBKeyRange.bound([ownerId, kind, -Infinity, ''], [ownerId, kind, Infinity, '\uffff']);
}

export function openOutboxDatabase(name: string): OutboxDatabase {
  let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const db = (): Promise<IDBPDatabase<OutboxSchema>> => {
    opening ??= openDB<OutboxSchema>(name, 2, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) {
          const store = database.createObjectStore(STORE, { keyPath: ['ownerId', 'kind', 'id'] });
          store.createIndex('queue', ['ownerId', 'kind', 'createdAt', 'id']);
          store.createIndex('owner', 'ownerId');
        }
        if (oldVersion < 2) transaction.objectStore(STORE).createIndex('wake', ['ownerId', 'nextAttemptAt']);
      },
    }).catch((error: unknown) => {
      opening = null; // Try again next time (storage may come back).
      throw error;
    });
    return opening;
  };

  return {
    async add(item, maxItems) {
      const tx = (await db()).transaction(STORE, 'readwrite');
      if ((await tx.store.getKey(keyOf(item))) === undefined) {
        await tx.store.put(item);
        if (maxItems !== undefined) {
          const keys = await tx.store.index('queue').getAllKeys(queueRange(item.ownerId, item.kind));
          for (const key of keys.slice(0, Math.max(keys.length - maxItems, 0))) await tx.store.delete(key);
        }
      }
      await tx.done;
    },
    async list(ownerId, kind, limit) {
      return (await db()).getAllFromIndex(STORE, 'queue', queueRange(ownerId, kind), limit);
    },
    async listIds(ownerId, kind) {
      const keys = await (await db()).getAllKeysFromIndex(STORE, 'queue', queueRange(ownerId, kind));
      return keys.map((key) => key[2]);
    },
    async earliestAttempt(ownerId) {
      const range = IDBKeyRange.bound([ownerId, -Infinity], [ownerId, Infinity]);
      const cursor = await (await db()).transaction(STORE).store.index('wake').openKeyCursor(range);
      return cursor ? cursor.key[1] : null;
    },
    async remove(items) {
      const tx = (await db()).transaction(STORE, 'readwrite');
      await Promise.all([...items.map((item) => tx.store.delete(keyOf(item))), tx.done]);
    },
    async recordFailure(items, nextAttemptAt) {
      const tx = (await db()).transaction(STORE, 'readwrite');
      for (const item of items) {
        const stored = await tx.store.get(keyOf(item));
        if (stored) await tx.store.put({ ...stored, attempts: stored.attempts + 1, nextAttemptAt });
      }
      await tx.done;
    },
    async discardOnSignOut(ownerId) {
      const tx = (await db()).transaction(STORE, 'readwrite');
      const items = await tx.store.index('owner').getAll(ownerId);
      for (const item of items) if (item.discardOnSignOut) await tx.store.delete(keyOf(item));
      await tx.done;
    },
  };
}
