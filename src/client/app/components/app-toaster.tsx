import { Toaster } from 'sonner';
import { useTheme } from '../../features/theme/hooks/theme-context';

/** Toasts follow the app theme so they stay legible in both. */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster richColors position="top-center" theme={resolvedTheme} closeButton />;
}
