import { z } from 'zod';
import { THEME_STORAGE_KEY } from '#shared/constants';
import { createPersistentStore } from '../../../lib/persistent-store';

const THEME_VALUES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEME_VALUES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const THEMES: readonly Theme[] = THEME_VALUES;
export const DEFAULT_THEME: Theme = 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Stored as the bare word (`dark`), as it always was. */
const themeStore = createPersistentStore<Theme>({
  key: THEME_STORAGE_KEY,
  schema: z.enum(THEME_VALUES),
  fallback: DEFAULT_THEME,
  encoding: 'text',
});

export function readStoredTheme(): Theme {
  return themeStore.get();
}

export function storeTheme(theme: Theme): void {
  themeStore.set(theme);
}

/** The OS preference; jsdom and old browsers have no matchMedia, which counts as light. */
export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme, prefersDark: boolean = systemPrefersDark()): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Puts exactly one of `light` / `dark` on <html> (docs/PRODUCT.md#settings). */
export function applyThemeClass(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
}

/** Calls `onChange` whenever the OS switches between light and dark. */
export function watchSystemTheme(onChange: (prefersDark: boolean) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  const listener = (event: MediaQueryListEvent): void => onChange(event.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
