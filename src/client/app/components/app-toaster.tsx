import { Suspense } from 'react';
import { useTheme } from '../../features/theme/hooks/theme-context';
import { loadSonner } from '../../lib/toast';
import { lazyAfterFirstPaint } from '../../lib/first-paint';

// Sonner is not in the first download: it is asked for as the first screen renders, and toasts raised before it
// arrives show when it does (lib/toast.ts).
const Toaster = lazyAfterFirstPaint('screen', async () => (await loadSonner()).Toaster);

/** Toasts follow the app theme so they stay legible in both. */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-center" theme={resolvedTheme} closeButton />
    </Suspense>
  );
}
