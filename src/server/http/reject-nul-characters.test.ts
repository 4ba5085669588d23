import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { containsNul, rejectNulCharacters } from './reject-nul-characters';

describe('NUL characters', () => {
  it('are found in strings, keys, arrays and nested objects', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: [{ b: ['ok', 'x\u0000'] }] })).toBe(true);
    expect(containsNul({ a: [{ b: ['ok', 1, null, true] }] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });

  it('answer 400 validation_failed from the hook', async () => {
    const request = { body: { name: 'a\u0000' }, query: {} } as unknown as FastifyRequest;
    await expect(rejectNulCharacters(request)).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    const clean = { body: { name: 'a' }, query: { q: 'b' } } as unknown as FastifyRequest;
    await expect(rejectNulCharacters(clean)).resolves.toBeUndefined();
  });
});
