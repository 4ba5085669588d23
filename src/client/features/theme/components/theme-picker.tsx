import { Monitor, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { useTheme } from '../hooks/theme-context';
import type { Theme } from '../utils/theme';

const OPTIONS: { theme: Theme; label: string; icon: ReactNode }[] = [
  { theme: 'light', label: SETTINGS_TEXTS.themeLight, icon: <Sun aria-hidden /> },
  { theme: 'dark', label: SETTINGS_TEXTS.themeDark, icon: <Moon aria-hidden /> },
  { theme: 'system', label: SETTINGS_TEXTS.themeSystem, icon: <Monitor aria-hidden /> },
];

/** Settings → App Preferences: Light, Dark or System; the chosen one is pressed. */
export function ThemePicker() {
  const { theme, setTheme } = useTheme();
  return (
    <div role="group" aria-label={SETTINGS_TEXTS.theme} className="grid grid-cols-3 gap-2">
      {OPTIONS.map((option) => {
        const selected = option.theme === theme;
        return (
          <button
            key={option.theme}
            type="button"
            aria-pressed={selected}
            onClick={() => setTheme(option.theme)}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 py-3 text-sm font-medium transition-colors [&_svg]:size-5',
              selected
                ? 'border-primary bg-primary-soft text-primary-text'
                : 'border-input bg-card text-foreground hover:bg-muted',
              focusRing,
            )}
          >
            {option.icon}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
