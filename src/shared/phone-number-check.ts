/**
 * Whether a phone number is one Beacon may text: a real number (libphonenumber's metadata says the number exists
 * in its country's numbering plan), and not a premium-rate or shared-cost one, whose texts cost the operator
 * money that flows to the number's owner (SMS pumping; docs/SECURITY.md#texts-cannot-be-abused).
 *
 * HEAVY: the 'max' metadata (the only build whose `getType()` knows premium-rate and shared-cost numbers) is
 * about 160 KB. Only the server, and code the client loads on demand, may import this module; the client's first
 * download uses the light E.164 rule of field-rules.ts (docs/decisions/014-sms-abuse-caps.md).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { z } from 'zod';
import { normalisePhoneNumber } from './phone';
import { phoneRule } from './schemas/field-rules';
import { SMS_ABUSE_TEXTS } from './texts';

export type PhoneNumberProblem = 'not_real' | 'premium_rate' | 'shared_cost';

const MESSAGES: Record<PhoneNumberProblem, string> = {
  not_real: SMS_ABUSE_TEXTS.phoneNotReal,
  premium_rate: SMS_ABUSE_TEXTS.phonePremiumRate,
  shared_cost: SMS_ABUSE_TEXTS.phoneSharedCost,
};

/**
 * Why Beacon must not text `phone`, or null when it may. The number is read as it will be texted: normalised
 * first, so a number without `+` is in the default country (+1, docs/PRODUCT.md#phone-numbers).
 */
export function phoneNumberProblem(phone: string): PhoneNumberProblem | null {
  const parsed = parsePhoneNumberFromString(normalisePhoneNumber(phone));
  if (!parsed?.isValid()) return 'not_real';
  const type = parsed.getType();
  if (type === 'PREMIUM_RATE') return 'premium_rate';
  if (type === 'SHARED_COST') return 'shared_cost';
  return null;
}

/** Adds an issue at `path` when `phone` is given and is not a number Beacon may text. */
export function checkTextable(
  phone: string | null | undefined,
  path: PropertyKey[],
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  const problem = phone ? phoneNumberProblem(phone) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: MESSAGES[problem], path, input: phone });
}

/** `phoneRule` (shape, length) and then a number Beacon may text. */
export const textablePhoneRule = phoneRule.superRefine((phone, ctx) => checkTextable(phone, [], ctx));
