import { ERRORS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limiter';
import type { PasswordHasher } from './password';
import { findUserById } from './repository';

/**
 * The account password asked again before another module's sensitive change (the safety PIN). The same counter as
 * the auth service's own check (`current-password`), so one account has one allowance of wrong passwords: counted
 * before checking, a match gives it back. 403 `current_password_wrong`; 429 past the allowance.
 */
export function createCurrentPasswordCheck(deps: {
  db: Database;
  clock: Clock;
  passwords: PasswordHasher;
  limits: Pick<Config['auth'], 'maxFailedSignIns' | 'rateWindowMinutes'>;
}): (userId: string, password: string) => Promise<void> {
  const limiter = createRateLimiter(deps.db, deps.clock, {
    name: 'current-password',
    limit: deps.limits.maxFailedSignIns,
    windowMs: deps.limits.rateWindowMinutes * 60_000,
  });
  return async (userId, password) => {
    const decision = await limiter.consume(userId);
    if (!decision.allowed) throw tooManyRequests(decision);
    const user = await findUserById(deps.db, userId);
    if (!user || !(await deps.passwords.verify(user.password_hash, password))) {
      throw new AppError('current_password_wrong', ERRORS.currentPasswordWrong);
    }
    await limiter.refund(userId);
  };
}
