import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token';

const SECRET = 'a-test-secret-of-at-least-32-characters!!';
const claims = { userId: 'u-1', sessionId: 's-1', email: 'a@example.com' };
const start = new Date('2026-11-26T12:00:00Z');
const later = (seconds: number): Date => new Date(start.getTime() + seconds * 1000);

describe('access tokens', () => {
  it('accepts a token until its expiry, also when it was checked before, and refuses it from then on', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { token } = await tokens.sign(claims, start);
    expect(await tokens.verify(token, start)).toEqual(claims);
    // The second check finds the token remembered: its expiry still counts.
    expect(await tokens.verify(token, later(59))).toEqual(claims);
    expect(await tokens.verify(token, later(60))).toBeNull();
    expect(await tokens.verify(token, later(3600))).toBeNull();
  });

  it('refuses a token whose signature was altered, after the genuine one was accepted', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { token } = await tokens.sign(claims, start);
    expect(await tokens.verify(token, start)).toEqual(claims);
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const altered = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await tokens.verify(altered, start)).toBeNull();
  });

  it('refuses a token signed with another secret, whatever this server checked before', async () => {
    const ours = createAccessTokens(SECRET, 60);
    const theirs = createAccessTokens('another-secret-of-at-least-32-characters!', 60);
    const { token } = await theirs.sign(claims, start);
    expect(await theirs.verify(token, start)).toEqual(claims);
    expect(await ours.verify(token, start)).toBeNull();
  });
});
