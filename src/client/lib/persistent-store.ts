import type { z } from 'zod';

/**
 * The one way the client keeps small state across reloads: a typed value in local (or session) storage, parsed
 * with its zod schema on every read, as an external store for `useSyncExternalStore`. It never throws: a missing
 * or corrupt value reads as `fallback`, and without storage (private browsing, a full quota, storage disabled)
 * the value lives in memory for this page only. Other tabs' writes reach subscribers through the `storage` event.
 * Queued work that must reach the server lives in the outbox (lib/outbox), not here.
 */
export type PersistentStore<T> = {
  /** The same object for the same stored value, as `useSyncExternalStore` needs. */
  get(): T;
  set(value: T): void;
  /** Removes the stored value (reads fall back). */
  clear(): void;
  subscribe(listener: () => void): () => void;
};

export type PersistentStoreOptions<T> = {
  key: string;
  schema: z.ZodType<T>;
  fallback: T;
  /** Session storage keeps the value per tab and forgets it with the tab. Default: local. */
  area?: 'local' | 'session';
  /**
   * How the value is written: JSON (default), or a bare string for values stored that way before this helper
   * existed (the theme), so what people already saved still reads.
   */
  encoding?: 'json' | 'text';
};

function storageArea(area: 'local' | 'session'): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function createPersistentStore<T>(options: PersistentStoreOptions<T>): PersistentStore<T> {
  const { key, schema, fallback, area = 'local', encoding = 'json' } = options;
  const listeners = new Set<() => void>();
  /** Set when storage refused the last write: reads use it until a write succeeds. */
  let unsaved: { raw: string | null } | null = null;
  let cached: { raw: string | null; value: T } | null = null;

  const readRaw = (): string | null => {
    if (unsaved) return unsaved.raw;
    try {
      return storageArea(area)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  const writeRaw = (raw: string | null): void => {
    try {
      const storage = storageArea(area);
      if (!storage) throw new Error('Storage is not available');
      if (raw === null) storage.removeItem(key);
      else storage.setItem(key, raw);
      unsaved = null;
    } catch (error) {
      console.warn('Could not write to storage', error);
      unsaved = { raw };
    }
  };

  const decode = (raw: string | null): T => {
    if (raw === null) return fallback;
    let value: unknown = raw;
    if (encoding === 'json') {
      try {
        value = JSON.parse(raw);
      } catch {
        return fallback;
      }
    }
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : fallback;
  };

  const emit = (): void => {
    for (const listener of [...listeners]) listener();
  };

  const store = (raw: string | null): void => {
    if (raw === readRaw()) return;
    writeRaw(raw);
    emit();
  };

  const onStorage = (event: StorageEvent): void => {
    // `key` is null when the other tab cleared all storage.
    if (event.key !== key && event.key !== null) return;
    if (event.storageArea !== storageArea(area)) return;
    emit();
  };

  return {
    get() {
      const raw = readRaw();
      if (cached?.raw !== raw) cached = { raw, value: decode(raw) };
      return cached.value;
    },
    set(value) {
      store(encoding === 'text' && typeof value === 'string' ? value : JSON.stringify(value));
    },
    clear() {
      store(null);
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/**
 * One store per id (per person, usually) under `keyFor(id)`, made once per id so subscribers and the in-memory
 * value kept without storage are shared by every caller.
 */
export function persistentStoreFamily<T>(
  options: Omit<PersistentStoreOptions<T>, 'key'> & { keyFor(id: string): string },
): (id: string) => PersistentStore<T> {
  const stores = new Map<string, PersistentStore<T>>();
  return (id) => {
    let store = stores.get(id);
    if (!store) {
      store = createPersistentStore({ ...options, key: options.keyFor(id) });
      stores.set(id, store);
    }
    return store;
  };
}
