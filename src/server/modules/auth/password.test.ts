import type * as Argon2 from '@node-rs/argon2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPasswordHasher } from './password';

/** The real argon2, with its calls counted: what `verifyNothing` must do is run one real verification. */
const argon2 = vi.hoisted(() => ({ hash: vi.fn(), verify: vi.fn() }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  argon2.hash.mockImplementation(actual.hash);
  argon2.verify.mockImplementation(actual.verify);
  return { ...actual, hash: argon2.hash, verify: argon2.verify };
});

/** The parameter part of an argon2 PHC string (`$argon2id$v=19$m=…,t=…,p=…$`): what a verification costs. */
const parametersOf = (phc: unknown): string => String(phc).split('$').slice(0, 4).join('$');

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

  describe('verifyNothing (sign-in with an unknown e-mail)', () => {
    beforeEach(() => {
      argon2.hash.mockClear();
      argon2.verify.mockClear();
    });

    it('runs one real argon2 verification of the password, at the same cost as checking a real hash', async () => {
      const hasher = createPasswordHasher();
      const realHash = await hasher.hash('blue-harbour-lantern-42');

      argon2.verify.mockClear();
      await hasher.verify(realHash, 'wrong-password');
      expect(argon2.verify).toHaveBeenCalledTimes(1);
      const [checkedHash] = argon2.verify.mock.calls[0]!;

      argon2.verify.mockClear();
      await expect(hasher.verifyNothing('wrong-password')).resolves.toBeUndefined();
      expect(argon2.verify).toHaveBeenCalledTimes(1);
      const [dummyHash, password] = argon2.verify.mock.calls[0]!;
      expect(password).toBe('wrong-password');
      // Same algorithm, memory, passes and lanes: the dummy check costs what a wrong password costs.
      expect(parametersOf(dummyHash)).toBe(parametersOf(checkedHash));
      expect(parametersOf(dummyHash)).toBe('$argon2id$v=19$m=19456,t=2,p=1');
      expect(await argon2.verify.mock.results[0]!.value).toBe(false);
    });

    it('hashes its dummy once, up front, not on each unknown e-mail', async () => {
      const hasher = createPasswordHasher();
      expect(argon2.hash).toHaveBeenCalledTimes(1);
      for (const password of ['first', 'second', 'third']) await hasher.verifyNothing(password);
      expect(argon2.hash).toHaveBeenCalledTimes(1);
      expect(argon2.verify.mock.calls.map(([, password]) => password)).toEqual(['first', 'second', 'third']);
      expect(new Set(argon2.verify.mock.calls.map(([dummyHash]) => dummyHash)).size).toBe(1);
    });
  });
});
