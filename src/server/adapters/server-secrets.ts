import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

/**
 * Returns a named secret, generating it on first use. Kept in the database so every instance behind a load
 * balancer signs and verifies with the same key. An explicit value (from the environment) wins. `generate`
 * makes the first value (default: 48 random bytes); when several instances start at once, the first stored wins.
 */
export async function loadServerSecret(
  db: Database,
  name: string,
  explicit?: string,
  generate: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  if (explicit) return explicit;
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    generate(),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    name,
  ]);
  return rows[0]!.value;
}
