import { describe, expect, it } from 'vitest';
import { hashToken, newOpaqueToken } from './secure-token';

describe('opaque tokens', () => {
  it('are 256-bit URL-safe random strings, never repeated', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newOpaqueToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256 hex digest', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
