import { createHash, randomBytes } from 'node:crypto';

/** An unguessable opaque token (256 bits) for refresh tokens and e-mailed links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as SHA-256 digests: a leaked table cannot be replayed. A plain hash (no salt, no
 * slow KDF) is enough because the tokens are random, not chosen by people.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
