import { createContext, useContext } from 'react';
import type { ResolvedTheme, Theme } from '../utils/theme';

export type ThemeContextValue = {
  /** What the person chose (system by default). */
  theme: Theme;
  /** What is shown now: the choice, or the OS preference for `system`. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
};

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
