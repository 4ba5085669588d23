import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPersistentStore, persistentStoreFamily } from './persistent-store';

const Settings = z.object({ volume: z.number().min(0).max(10) });
type Settings = z.infer<typeof Settings>;
const FALLBACK: Settings = { volume: 5 };

function settingsStore(key = 'test-settings') {
  return createPersistentStore<Settings>({ key, schema: Settings, fallback: FALLBACK });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createPersistentStore', () => {
  it('reads the fallback when nothing is stored, then what was set, as JSON under its key', () => {
    const store = settingsStore();
    expect(store.get()).toBe(FALLBACK);
    store.set({ volume: 7 });
    expect(store.get()).toEqual({ volume: 7 });
    expect(window.localStorage.getItem('test-settings')).toBe('{"volume":7}');
    // A new store over the same key (a reload) reads it.
    expect(settingsStore().get()).toEqual({ volume: 7 });
  });

  it('reads a corrupt or invalid value as the fallback', () => {
    window.localStorage.setItem('test-settings', '{not json');
    expect(settingsStore().get()).toBe(FALLBACK);
    window.localStorage.setItem('test-settings', '{"volume":99}');
    expect(settingsStore().get()).toBe(FALLBACK);
  });

  it('gives the same object while the stored value is unchanged (as useSyncExternalStore needs)', () => {
    const store = settingsStore();
    store.set({ volume: 3 });
    const first = store.get();
    expect(store.get()).toBe(first);
    store.set({ volume: 4 });
    expect(store.get()).not.toBe(first);
  });

  it('tells subscribers about its own changes once, and not about writes that change nothing', () => {
    const store = settingsStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set({ volume: 1 });
    store.set({ volume: 1 });
    store.clear();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.set({ volume: 2 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("tells subscribers about another tab's write to its key (the storage event), not to other keys", () => {
    const store = settingsStore();
    const listener = vi.fn();
    store.subscribe(listener);
    window.localStorage.setItem('test-settings', '{"volume":9}');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'test-settings', storageArea: window.localStorage }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', storageArea: window.localStorage }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ volume: 9 });
  });

  it('keeps the value in memory for this page when storage refuses writes, and never throws', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = settingsStore('full-storage');
    expect(() => store.set({ volume: 8 })).not.toThrow();
    expect(store.get()).toEqual({ volume: 8 });
    expect(window.localStorage.getItem('full-storage')).toBeNull();
  });

  it('reads the fallback when storage cannot be read at all', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(settingsStore().get()).toBe(FALLBACK);
  });

  it('stores a bare string with the text encoding (values saved before the helper existed still read)', () => {
    window.localStorage.setItem('test-theme', 'dark');
    const theme = createPersistentStore({
      key: 'test-theme',
      schema: z.enum(['light', 'dark']),
      fallback: 'light',
      encoding: 'text',
    });
    expect(theme.get()).toBe('dark');
    theme.set('light');
    expect(window.localStorage.getItem('test-theme')).toBe('light');
  });

  it('can live in session storage', () => {
    const store = createPersistentStore({
      key: 'tab-only',
      schema: z.number(),
      fallback: 0,
      area: 'session',
    });
    store.set(42);
    expect(window.sessionStorage.getItem('tab-only')).toBe('42');
    expect(window.localStorage.getItem('tab-only')).toBeNull();
  });
});

describe('persistentStoreFamily', () => {
  it('keeps one store per id under its own key', () => {
    const storeFor = persistentStoreFamily<Settings>({
      keyFor: (id) => `settings:${id}`,
      schema: Settings,
      fallback: FALLBACK,
    });
    expect(storeFor('ada')).toBe(storeFor('ada'));
    storeFor('ada').set({ volume: 1 });
    expect(storeFor('bob').get()).toBe(FALLBACK);
    expect(window.localStorage.getItem('settings:ada')).toBe('{"volume":1}');
  });
});
