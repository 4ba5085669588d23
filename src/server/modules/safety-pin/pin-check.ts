/**
 * Checking a PIN against the person's safety PIN and duress PIN (docs/decisions/042-safety-pin-and-duress.md):
 *  - no safety PIN set: nothing is asked;
 *  - set but none given: 400 naming `pin`;
 *  - both hashes are verified every time (the duress one against nothing when there is none), so the safety PIN,
 *    the duress PIN and a wrong PIN cost the same work;
 *  - every attempt is counted per person before checking, and a match (either PIN) gives it back, so parallel
 *    guesses cannot overshoot; past SAFETY_PIN.wrongPerWindow wrong PINs in the window, every PIN is refused (429)
 *    until it ends, and whatever the PIN guarded simply goes on (the alert stays active, the countdown runs out).
 *    A duress PIN refused so still raises the duress alert: the limit never silences the person.
 * The answer never says which PIN matched: `duress` is for the server alone.
 */
import { SAFETY_PIN } from '#shared/constants';
import { SAFETY_PIN_ERRORS, SAFETY_PIN_VALIDATION } from '#shared/safety-pin-texts';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limiter';
import type { PinHasher } from './ports';
import { findPins } from './repository';

export type PinCheck = { duress: boolean; refusal: Error | null };

export type SafetyPinChecks = {
  /** Whether a safety PIN is set for the person. */
  isSet(userId: string): Promise<boolean>;
  check(userId: string, pin: string | undefined): Promise<PinCheck>;
};

export function createSafetyPinChecks(deps: {
  db: Database;
  clock: Clock;
  hasher: PinHasher;
}): SafetyPinChecks {
  const limiter = createRateLimiter(deps.db, deps.clock, {
    name: 'safety-pin',
    limit: SAFETY_PIN.wrongPerWindow,
    windowMs: SAFETY_PIN.windowMinutes * 60_000,
  });
  return {
    isSet: async (userId) => (await findPins(deps.db, userId)) !== undefined,

    async check(userId, pin) {
      const pins = await findPins(deps.db, userId);
      if (!pins) return { duress: false, refusal: null };
      if (pin === undefined) {
        return {
          duress: false,
          refusal: new AppError('validation_failed', SAFETY_PIN_VALIDATION.pinRequired, { field: 'pin' }),
        };
      }
      const decision = await limiter.consume(userId);
      const safety = await deps.hasher.verify(pins.safety_hash, pin);
      let duress = false;
      if (pins.duress_hash) duress = await deps.hasher.verify(pins.duress_hash, pin);
      else await deps.hasher.verifyNothing(pin);
      if (!decision.allowed) {
        return { duress, refusal: tooManyRequests(decision, SAFETY_PIN_ERRORS.tooManyWrong) };
      }
      if (!safety && !duress) {
        return { duress: false, refusal: new AppError('pin_wrong', SAFETY_PIN_ERRORS.pinWrong) };
      }
      await limiter.refund(userId);
      return { duress, refusal: null };
    },
  };
}
