/**
 * What the safety PIN uses of other modules (docs/ARCHITECTURE.md, "Modules joined by ports"); app.ts hands them
 * over.
 */

/** Hashing as the accounts' passwords are hashed (argon2id, modules/auth/password.ts). */
export type PinHasher = {
  hash(pin: string): Promise<string>;
  /** False for a mismatch or a malformed hash; never throws. */
  verify(storedHash: string, pin: string): Promise<boolean>;
  /** The same work as `verify`, against nothing: every check costs two verifications. */
  verifyNothing(pin: string): Promise<void>;
};

/** The account password asked again; throws 403 `current_password_wrong` or 429 (modules/auth). */
export type CurrentPasswordCheck = (userId: string, password: string) => Promise<void>;

/** The duress alert, raised silently through the one alert pipeline (modules/alerts, duress.ts). Never throws. */
export type RaiseDuressAlert = (userId: string, idempotencyKey: string) => Promise<void>;
