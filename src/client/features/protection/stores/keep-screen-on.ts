import { z } from 'zod';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/**
 * "Keep the screen on": this device's choice (it costs this device's battery), per person. Off until they turn
 * it on.
 */
export const keepScreenOnChoice = persistentStoreFamily<boolean>({
  keyFor: (userId) => `beacon-protection-keep-screen-on:${userId}`,
  schema: z.boolean(),
  fallback: false,
});
