import { Moon, Sun } from 'lucide-react';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { useTheme } from '../hooks/theme-context';

/** The header toggle: switches between light and dark (leaving `system`). */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const isDark = resolvedTheme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(isDark ? 'light' : 'dark')}
      aria-label={isDark ? DASHBOARD_TEXTS.switchToLight : DASHBOARD_TEXTS.switchToDark}
    >
      {isDark ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </Button>
  );
}
