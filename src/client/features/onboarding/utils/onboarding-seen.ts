import { z } from 'zod';
import { STORAGE_KEYS } from '#shared/constants';
import { createPersistentStore } from '../../../lib/persistent-store';

/** Stored as `true` (JSON), as it always was. */
const onboardingSeen = createPersistentStore<boolean>({
  key: STORAGE_KEYS.onboardingSeen,
  schema: z.boolean(),
  fallback: false,
});

/** A first-time visitor sees splash → onboarding → sign-in once; a returning one goes straight to sign-in. */
export function hasSeenOnboarding(): boolean {
  return onboardingSeen.get();
}

export function markOnboardingSeen(): void {
  onboardingSeen.set(true);
}
