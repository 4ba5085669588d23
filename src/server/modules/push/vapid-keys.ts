import { z } from 'zod';
import { generateVapidKeys, type VapidDetails } from '../../adapters/push/push-sender';
import { loadServerSecret } from '../../adapters/server-secrets';
import type { Config } from '../../config';
import type { Database } from '../../db/database';

const SECRET_NAME = 'vapid-keys';
const StoredKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise generated on first start and
 * stored (as one JSON secret) so every instance, and every restart, signs with the same pair — browsers
 * subscribed with the public key and would stop receiving pushes if it changed.
 */
export async function loadVapidDetails(
  db: Database,
  config: Pick<Config, 'push' | 'publicUrl'>,
): Promise<VapidDetails> {
  const configured = config.push.vapidKeys ? JSON.stringify(config.push.vapidKeys) : undefined;
  const stored = await loadServerSecret(db, SECRET_NAME, configured, () =>
    JSON.stringify(generateVapidKeys()),
  );
  const keys = StoredKeysSchema.parse(JSON.parse(stored));
  return { ...keys, subject: vapidSubject(config) };
}

/** Who push services may contact about our pushes: VAPID_SUBJECT, else the https PUBLIC_URL, else a mailto. */
function vapidSubject(config: Pick<Config, 'push' | 'publicUrl'>): string {
  if (config.push.vapidSubject) return config.push.vapidSubject;
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  return 'mailto:no-reply@beacon.local';
}
