import { ProtectionSettingsSchema } from '#shared/schemas/protection';
import type { ProtectionSettings } from '#shared/protection';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/**
 * The person's protection settings as last read from the server, kept on this device so a page opened without a
 * connection (or before the server answers) protects at once as the person asked (docs/PRODUCT.md#data-kept-on-the-device).
 */
export const savedProtectionSettings = persistentStoreFamily<ProtectionSettings | null>({
  keyFor: (userId) => `beacon-protection-settings:${userId}`,
  schema: ProtectionSettingsSchema.nullable(),
  fallback: null,
});
