import { SMS_CAPS } from '#shared/constants';
import type { HeldReason } from '#shared/schemas/alert';
import { HELD_TEXT_REASONS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limiter';
import type { NewDelivery } from './repository';

const HOUR_MS = 3_600_000;

export type SmsCapsDeps = {
  clock: Clock;
  /** SMS_GLOBAL_MAX_PER_HOUR: alert texts all accounts together may send per clock hour. */
  globalMaxPerHour: number;
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
};

/**
 * Holds back the alert texts a cap does not allow (docs/decisions/014-sms-abuse-caps.md): a number gets at most
 * SMS_CAPS.textsPerNumberPerHour alert texts per clock hour across all accounts, and all accounts together send
 * at most `globalMaxPerHour` (the breaker that protects the operator's bill). A held text is not refused: the
 * alert is raised, the delivery is stored as `failed` with its reason, and the person is told which contact and
 * why (and their phone offers to text that contact itself). Other channels are never capped.
 *
 * Counted with the one rate limiter inside the alert's transaction (`tx`): an alert that is not stored counts
 * nothing, and a held text is given back so the counts are the texts Beacon will really send.
 */
export async function holdTextsOverCaps(
  tx: Queryable,
  deps: SmsCapsDeps,
  deliveries: readonly NewDelivery[],
): Promise<NewDelivery[]> {
  const limiters = {
    perNumber: createRateLimiter(tx, deps.clock, {
      name: 'sms-per-number',
      limit: SMS_CAPS.textsPerNumberPerHour,
      windowMs: HOUR_MS,
    }),
    global: createRateLimiter(tx, deps.clock, {
      name: 'sms-global',
      limit: deps.globalMaxPerHour,
      windowMs: HOUR_MS,
    }),
  };
  const planned: NewDelivery[] = [];
  for (const delivery of deliveries) {
    const reason = delivery.channel === 'sms' ? await capHolding(limiters, delivery.recipient) : null;
    planned.push(reason ? { ...delivery, held: { reason, error: HELD_TEXT_REASONS[reason] } } : delivery);
  }
  logHeld(deps, planned);
  return planned;
}

/** Counts one text to `recipient`; the cap that holds it back, if any (its counts given back). */
async function capHolding(
  limiters: { perNumber: RateLimiter; global: RateLimiter },
  recipient: string,
): Promise<HeldReason | null> {
  if (!(await limiters.perNumber.consume(recipient)).allowed) {
    await limiters.perNumber.refund(recipient);
    return 'number_hourly_cap';
  }
  if (!(await limiters.global.consume('all')).allowed) {
    await limiters.global.refund('all');
    await limiters.perNumber.refund(recipient);
    return 'global_breaker';
  }
  return null;
}

/** Loud for the breaker (the operator must act), a warning for a number's cap. Counts only: no number, no person. */
function logHeld(deps: SmsCapsDeps, planned: readonly NewDelivery[]): void {
  const count = (reason: HeldReason): number => planned.filter((d) => d.held?.reason === reason).length;
  const byBreaker = count('global_breaker');
  if (byBreaker > 0) {
    deps.log.error(
      { heldTexts: byBreaker, globalMaxPerHour: deps.globalMaxPerHour },
      'SMS global breaker tripped: alert texts held back because SMS_GLOBAL_MAX_PER_HOUR was reached this hour. Check for SMS pumping; raise the limit if this is real traffic.',
    );
  }
  const byNumberCap = count('number_hourly_cap');
  if (byNumberCap > 0) {
    deps.log.warn(
      { heldTexts: byNumberCap, textsPerNumberPerHour: SMS_CAPS.textsPerNumberPerHour },
      'alert texts held back: their numbers reached the per-number hourly cap',
    );
  }
}
