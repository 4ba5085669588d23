import { useEffect } from 'react';
import { APP_NAME, SPLASH_DELAY_MS } from '#shared/constants';
import { SPLASH_TEXTS } from '#shared/ui-texts';
import { Logo } from '../../../components/logo';

/** Logo and tagline; calls `onDone` after the splash delay (3 s). */
export function SplashScreen({ onDone }: { onDone: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDone, SPLASH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-red-600 to-red-800 p-6 text-center text-white">
      <Logo size="lg" className="bg-white text-red-700 shadow-xl" />
      <div className="flex flex-col gap-2">
        <h1 className="text-4xl font-bold tracking-tight">{APP_NAME}</h1>
        <p className="text-lg text-red-50">{SPLASH_TEXTS.tagline}</p>
      </div>
    </main>
  );
}
