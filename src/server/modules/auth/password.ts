import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane. About
 * 16 ms per hash on this machine kind.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  /** True when the password matches; false for a mismatch or a malformed stored hash. Never throws. */
  verify(storedHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as `verify` without an account, so "no such e-mail" and "wrong password" take as long
   * as each other and cannot be told apart by timing.
   */
  verifyNothing(password: string): Promise<void>;
};

export function createPasswordHasher(): PasswordHasher {
  // Computed once, up front, so the first unknown-e-mail sign-in is not slower than the others.
  const dummyHash = hash(randomBytes(16).toString('base64url'), ARGON2_OPTIONS);
  dummyHash.catch(() => undefined);
  const safeVerify = async (storedHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, ARGON2_OPTIONS),
    verify: safeVerify,
    async verifyNothing(password) {
      await safeVerify(await dummyHash, password);
    },
  };
}
