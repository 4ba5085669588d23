import { SMS_BUDGET } from '#shared/constants';
import type { HeldReason } from '#shared/schemas/alert';
import { HELD_TEXT_REASONS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limiter';
import * as repo from './repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type SmsCapsDeps = {
  clock: Clock;
  /** SMS_GLOBAL_MAX_PER_HOUR: past it, heavy senders' alert texts are shed (never an account's only alert). */
  globalMaxPerHour: number;
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
};

/** The account whose alert is texting, as the limits see it this clock hour. */
export type Sender = {
  userId: string;
  /** Alert texts its alerts may send this clock hour (SMS_BUDGET). */
  budget: number;
  /** This alert is the account's only one this clock hour: none of its texts is held back. */
  onlyAlertThisHour: boolean;
};

/**
 * The sender of `alertId` (docs/decisions/023-sms-limits-that-cannot-silence-a-victim.md). A new account (e-mail
 * unconfirmed and younger than SMS_BUDGET.establishedAfterDays) gets the small budget; a confirmed or older one the
 * larger. The alert is the account's only one this hour when no other alert of theirs was created since the clock
 * hour began (an alert raised earlier and joined by an SOS now counts as this hour's).
 */
export async function senderOf(
  tx: Queryable,
  userId: string,
  account: repo.AccountStanding,
  alertId: string,
  now: Date,
): Promise<Sender> {
  const established =
    account.email_confirmed_at !== null ||
    now.getTime() - account.created_at.getTime() >= SMS_BUDGET.establishedAfterDays * DAY_MS;
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return {
    userId,
    budget: established ? SMS_BUDGET.establishedTextsPerHour : SMS_BUDGET.newTextsPerHour,
    onlyAlertThisHour: (await repo.countOtherAlertsSince(tx, userId, hourStart, alertId)) === 0,
  };
}

/**
 * Holds back the alert texts the limits do not allow, so that one person's traffic never holds back another
 * person's SOS (docs/decisions/023-sms-limits-that-cannot-silence-a-victim.md):
 *  - the sender's own budget: past it, the texts of the sender's later alerts this hour are held
 *    (`sender_hourly_budget`). Only the sender's own alerts fill it.
 *  - the global breaker, SMS_GLOBAL_MAX_PER_HOUR, on the operator's bill: while all accounts together are over it,
 *    the texts of heavy senders (past SMS_BUDGET.heavyShare of their budget this hour) are shed
 *    (`global_breaker`). A light sender's texts go out whatever others sent.
 *  - neither ever holds a text of the sender's only alert this hour: it still counts.
 * A held text is not refused: the alert is raised, the delivery is stored as `failed` with its reason, and the
 * person is told which contact and why (their phone offers to text that contact itself); a held text's counts
 * are given back. All-clear texts and other channels never pass here: nothing holds them back.
 *
 * Counted with the one rate limiter inside the alert's transaction (`tx`): an alert that is not stored counts
 * nothing. The sender's counter is the sender's own row. The breaker's counter is one row for everyone, so it is
 * read without its lock and the texts that go out are added to it in one statement, last: an alert holds that row
 * only for the rest of its transaction (its deliveries and their jobs), and other people's SOS never queue on it
 * while this one counts its texts. Alerts counting at the same moment may each see the others' texts missing and
 * overshoot the limit by that much; the breaker protects a bill, not a hard quota.
 */
export async function holdTextsOverCaps(
  tx: Queryable,
  deps: SmsCapsDeps,
  sender: Sender,
  deliveries: readonly repo.NewDelivery[],
): Promise<repo.NewDelivery[]> {
  const limiters = {
    sender: createRateLimiter(tx, deps.clock, {
      name: 'sms-sender',
      limit: sender.budget,
      windowMs: HOUR_MS,
    }),
    global: createRateLimiter(tx, deps.clock, {
      name: 'sms-global',
      limit: deps.globalMaxPerHour,
      windowMs: HOUR_MS,
    }),
  };
  let globalHits = await limiters.global.peek(GLOBAL_KEY);
  const planned: repo.NewDelivery[] = [];
  let overBreaker = false;
  let going = 0;
  for (const delivery of deliveries) {
    if (delivery.channel !== 'sms' || (delivery.purpose ?? 'alert') !== 'alert') {
      planned.push(delivery);
      continue;
    }
    const globalAllowed = globalHits + 1 <= deps.globalMaxPerHour;
    overBreaker ||= !globalAllowed;
    const reason = await countText(limiters.sender, sender, globalAllowed);
    if (!reason) {
      globalHits += 1;
      going += 1;
    }
    planned.push(reason ? { ...delivery, held: { reason, error: HELD_TEXT_REASONS[reason] } } : delivery);
  }
  await limiters.global.record(GLOBAL_KEY, going);
  logLimits(deps, sender, planned, overBreaker);
  return planned;
}

/** The breaker's one counter, for all accounts. */
const GLOBAL_KEY = 'all';

/** Counts one text on the sender's budget; the limit that holds it back, if any (its count then given back). */
async function countText(
  own: RateLimiter,
  sender: Sender,
  globalAllowed: boolean,
): Promise<HeldReason | null> {
  const { hits } = await own.consume(sender.userId);
  const reason = heldReason(sender, hits, globalAllowed);
  if (reason) await own.refund(sender.userId);
  return reason;
}

/** Which limit holds back a text that makes `hits` of the sender's this hour, if any. */
function heldReason(sender: Sender, hits: number, globalAllowed: boolean): HeldReason | null {
  if (sender.onlyAlertThisHour) return null;
  if (hits > sender.budget) return 'sender_hourly_budget';
  const heavy = hits > Math.floor(sender.budget * SMS_BUDGET.heavyShare);
  return !globalAllowed && heavy ? 'global_breaker' : null;
}

/**
 * Loud when the breaker sheds texts (the operator must act), a warning when it is over its limit but shed nothing
 * (only accounts' only alerts and light senders' texts went out) or a sender used up their budget. Counts only:
 * no number, no person.
 */
function logLimits(
  deps: SmsCapsDeps,
  sender: Sender,
  planned: readonly repo.NewDelivery[],
  overBreaker: boolean,
): void {
  const count = (reason: HeldReason): number => planned.filter((d) => d.held?.reason === reason).length;
  const byBreaker = count('global_breaker');
  if (byBreaker > 0) {
    deps.log.error(
      { heldTexts: byBreaker, globalMaxPerHour: deps.globalMaxPerHour },
      "SMS global breaker tripped: heavy senders' alert texts held back because SMS_GLOBAL_MAX_PER_HOUR was reached this hour. Check for SMS pumping; raise the limit if this is real traffic.",
    );
  } else if (overBreaker) {
    deps.log.warn(
      { globalMaxPerHour: deps.globalMaxPerHour },
      "alert texts sent past SMS_GLOBAL_MAX_PER_HOUR: an account's only alert of the hour or a light sender's texts are never held back",
    );
  }
  const byBudget = count('sender_hourly_budget');
  if (byBudget > 0) {
    deps.log.warn(
      { heldTexts: byBudget, textsPerHour: sender.budget },
      "alert texts held back: the sender's alerts used up their hourly budget",
    );
  }
}
