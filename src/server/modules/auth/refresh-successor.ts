import { createHmac } from 'node:crypto';

/**
 * The refresh token that rotating `token` issues, derived from it with HMAC-SHA-256 under a server key rather
 * than drawn at random. Presenting `token` again within the reuse grace window (a lost answer, two refreshes at
 * once) therefore gives back the very same successor without the database ever holding a usable token: only its
 * SHA-256 hash is stored, as for every refresh token. Without the key, a successor cannot be told from random.
 * See docs/decisions/013-refresh-reuse-grace.md.
 */
export type RefreshSuccessor = (token: string) => string;

export function createRefreshSuccessor(key: string): RefreshSuccessor {
  return (token) => createHmac('sha256', key).update(`refresh-successor:v1:${token}`).digest('base64url');
}
