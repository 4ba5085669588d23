import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '#shared/constants';
import { ThemePicker } from './theme-picker';
import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

type ChangeListener = (event: MediaQueryListEvent) => void;

/** A controllable `prefers-color-scheme: dark` media query. */
function stubSystemTheme(initiallyDark: boolean) {
  const listeners = new Set<ChangeListener>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: ChangeListener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: ChangeListener) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
  };
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
      <ThemePicker />
    </ThemeProvider>,
  );
}

const root = (): HTMLElement => document.documentElement;

describe('ThemeProvider', () => {
  it('defaults to system and follows the operating system', () => {
    const system = stubSystemTheme(true);
    renderTheme();
    expect(root()).toHaveClass('dark');
    expect(root()).not.toHaveClass('light');
    expect(screen.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');

    act(() => system.setDark(false));
    expect(root()).toHaveClass('light');
    expect(root()).not.toHaveClass('dark');
  });

  it('applies the stored choice and ignores the OS for it', () => {
    const system = stubSystemTheme(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderTheme();
    expect(root()).toHaveClass('dark');
    act(() => system.setDark(false));
    expect(root()).toHaveClass('dark');
  });

  it('treats an unknown stored value as system', () => {
    stubSystemTheme(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    renderTheme();
    expect(root()).toHaveClass('light');
  });

  it('the header toggle switches between light and dark and stores the choice', async () => {
    stubSystemTheme(false);
    const user = userEvent.setup();
    renderTheme();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(root()).toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(root()).toHaveClass('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('the settings picker sets light, dark or system', async () => {
    stubSystemTheme(true);
    const user = userEvent.setup();
    renderTheme();
    await user.click(screen.getByRole('button', { name: 'Light' }));
    expect(root()).toHaveClass('light');
    expect(screen.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'System' }));
    expect(root()).toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });
});
