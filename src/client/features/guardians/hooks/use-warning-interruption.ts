import { useEffect } from 'react';
import { PROMPT_VIBRATION_MS } from '#shared/constants';
import { isSoundEnabled, playSound } from '../../../lib/sounds';
import type { WarningBanner } from '../utils/warning-banners';

/** The warnings this page has already sounded for: a re-render or a reloaded journeys query does not repeat it. */
const sounded = new Set<string>();

/**
 * A ward's journey warning is heard and felt, not only seen, when its banner first shows on this page: the alarm
 * tone and the vibration the journey prompts use, only with the guardian's Sound setting on (lib/sounds.ts). A
 * reload sounds again for a warning still not answered with "Got it".
 */
export function useWarningInterruption(banners: readonly WarningBanner[]): void {
  const keys = banners.map((banner) => banner.key).join('|');
  useEffect(() => {
    const fresh = keys.split('|').filter((key) => key && !sounded.has(key));
    if (fresh.length === 0) return;
    for (const key of fresh) sounded.add(key);
    if (!isSoundEnabled()) return;
    playSound('emergencyAlert');
    navigator.vibrate?.(PROMPT_VIBRATION_MS);
  }, [keys]);
}

/** For the client tests, which share this module between files. */
export function forgetSoundedWarnings(): void {
  sounded.clear();
}
