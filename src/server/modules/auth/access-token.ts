import { SignJWT, jwtVerify } from 'jose';
import { AUTH } from '#shared/constants';

export type AccessClaims = { userId: string; sessionId: string; email: string };

export type AccessTokens = {
  sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: number }>;
  /** Returns the claims of a valid, unexpired token, or null. Never throws for a bad token. */
  verify(token: string, now: Date): Promise<AccessClaims | null>;
};

const ISSUER = 'beacon';

/**
 * Tokens whose signature was checked, remembered so that a phone sending the same token with every upload is not
 * checked again each time (WebCrypto's HMAC verify was a tenth of an upload's CPU, profiled). Only the signature's
 * answer is kept: the expiry is checked at every use, and the session's row still is (session-verifier.ts). A
 * token is remembered only when its bytes verified, so a forged token never enters; the oldest go first past the
 * bound, which only costs a check again.
 */
export const VERIFIED_TOKENS_KEPT = 10_000;

type Verified = { claims: AccessClaims; expiresAtMs: number };

/** Short-lived HS256 access tokens. Revocation is checked against the session row (see authenticate.ts). */
export function createAccessTokens(
  secret: string,
  ttlSeconds: number = AUTH.accessTokenTtlSeconds,
): AccessTokens {
  // Imported once: given the raw bytes, jose imports the key again for every token it signs or checks (a
  // tenth of an upload's CPU, profiled).
  const key: Promise<CryptoKey> = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, Verified>();
  const remember = (token: string, entry: Verified): void => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, entry);
  };
  return {
    async sign(claims, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({ sid: claims.sessionId, email: claims.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await key);
      return { token, expiresAt };
    },
    async verify(token, now) {
      const known = verified.get(token);
      if (known) return now.getTime() < known.expiresAtMs ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        if (typeof payload.exp !== 'number') return null;
        // Frozen: every later request with this token is handed the same object.
        const claims = Object.freeze({
          userId: payload.sub,
          sessionId: payload.sid,
          email: String(payload.email ?? ''),
        });
        remember(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
