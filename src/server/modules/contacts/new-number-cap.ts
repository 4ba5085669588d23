import { SMS_CAPS } from '#shared/constants';
import { normalisePhoneNumber } from '#shared/phone';
import { SMS_ABUSE_TEXTS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limiter';

const DAY_MS = 24 * 3_600_000;

/**
 * Caps the phone numbers a person newly gives their contacts at SMS_CAPS.newContactNumbersPerDay per UTC day:
 * without it one account could cycle its contacts through any numbers and text each with an SOS (SMS pumping,
 * docs/decisions/014-sms-abuse-caps.md). A number counts once a day: the first time this person uses it that day
 * (adding it, or changing a contact to it) and only if none of their contacts has it already.
 *
 * Both counters are the one rate limiter's, written with `tx`: a refused or failed write rolls its counts back
 * with it. Over the cap → 429 `rate_limited` with Retry-After (until the day's window ends).
 */
export async function countNewContactNumbers(
  tx: Queryable,
  clock: Clock,
  input: { userId: string; currentNumbers: readonly string[]; nextNumbers: readonly string[] },
): Promise<void> {
  const current = new Set(input.currentNumbers.map(normalisePhoneNumber));
  const added = [...new Set(input.nextNumbers.map(normalisePhoneNumber))].filter((n) => !current.has(n));
  if (added.length === 0) return;
  // "Used today": one bucket per person and number, whose first hit of the day marks the number as new.
  const usedToday = createRateLimiter(tx, clock, { name: 'contact-number-used', limit: 1, windowMs: DAY_MS });
  const perPerson = createRateLimiter(tx, clock, {
    name: 'contact-numbers-new',
    limit: SMS_CAPS.newContactNumbersPerDay,
    windowMs: DAY_MS,
  });
  for (const number of added) {
    if ((await usedToday.consume(`${input.userId}:${number}`)).hits > 1) continue;
    const decision = await perPerson.consume(input.userId);
    if (!decision.allowed) throw tooManyRequests(decision, SMS_ABUSE_TEXTS.newContactNumbersCap);
  }
}
