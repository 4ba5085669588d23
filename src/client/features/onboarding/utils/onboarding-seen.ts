import { STORAGE_KEYS } from '#shared/constants';
import { readStorage, writeStorage } from '../../../lib/storage';

/** A first-time visitor sees splash → onboarding → sign-in once; a returning one goes straight to sign-in. */
export function hasSeenOnboarding(): boolean {
  return readStorage(STORAGE_KEYS.onboardingSeen) === 'true';
}

export function markOnboardingSeen(): void {
  writeStorage(STORAGE_KEYS.onboardingSeen, 'true');
}
