import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password';

describe('password hasher', () => {
  const sut = createPasswordHasher();

  it('hashes with argon2id at OWASP parameters, salted (two hashes differ)', async () => {
    const [a, b] = await Promise.all([
      sut.hash('blue-harbour-lantern-42'),
      sut.hash('blue-harbour-lantern-42'),
    ]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await sut.hash('blue-harbour-lantern-42');
    expect(await sut.verify(hash, 'blue-harbour-lantern-42')).toBe(true);
    expect(await sut.verify(hash, 'blue-harbour-lantern-43')).toBe(false);
  });

  it('answers false, never throws, for a malformed stored hash', async () => {
    expect(await sut.verify('not-a-hash', 'anything')).toBe(false);
    expect(await sut.verify('', 'anything')).toBe(false);
  });

  it('verifyNothing takes about as long as a real verification', async () => {
    const hash = await sut.hash('blue-harbour-lantern-42');
    await sut.verifyNothing('warm-up');
    const time = async (work: () => Promise<unknown>): Promise<number> => {
      const started = performance.now();
      for (let i = 0; i < 5; i++) await work();
      return performance.now() - started;
    };
    const real = await time(() => sut.verify(hash, 'wrong-password'));
    const dummy = await time(() => sut.verifyNothing('wrong-password'));
    // Generous bounds: the point is "an argon2 verification happens", not a benchmark.
    expect(dummy).toBeGreaterThan(real * 0.25);
    expect(dummy).toBeLessThan(real * 4);
  });
});
