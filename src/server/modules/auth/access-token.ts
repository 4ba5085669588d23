import { SignJWT, jwtVerify } from 'jose';
import { AUTH } from '#shared/constants';

export type AccessClaims = { userId: string; sessionId: string; email: string };

export type AccessTokens = {
  sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: number }>;
  /** Returns the claims of a valid, unexpired token, or null. Never throws for a bad token. */
  verify(token: string, now: Date): Promise<AccessClaims | null>;
};

const ISSUER = 'beacon';

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
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid, email: String(payload.email ?? '') };
      } catch {
        return null;
      }
    },
  };
}
