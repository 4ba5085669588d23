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
import { z } from 'zod';
import { normalisePhoneNumber } from './phone';
import { optionalPhoneRule, phoneRule } from './schemas/field-rules';
import { VALIDATION } from './texts';

export type PhoneNumberProblem = 'not_real' | 'premium_rate' | 'shared_cost';

const MESSAGES: Record<PhoneNumberProblem, string> = {
  not_real: VALIDATION.phoneNotReal,
  premium_rate: VALIDATION.phonePremiumRate,
  shared_cost: VALIDATION.phoneSharedCost,
};

/**
 * Why Beacon must not text `phone`, or null when it may. The number is read as it will be texted: normalised
 * first, so a number without `+` is in the spec's default country (+1, docs/PRODUCT.md#phone-numbers).
 */
export function phoneNumberProblem(phone: string): PhoneNumberProblem | null {
  const parsed = parsePhoneNumberFromString(normalisePhoneNumber(phone));
  if (!parsed?.isValid()) return 'not_real';
  const type = parsed.getType();
  if (type === 'PREMIUM_RATE') return 'premium_rate';
  if (type === 'SHARED_COST') return 'shared_cost';
  return null;
}

/** Adds an issue (on the field being parsed) when the number is not one Beacon may text. */
function checkTextable(phone: string | null, ctx: z.core.$RefinementCtx<unknown>): void {
  const problem = phone ? phoneNumberProblem(phone) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: MESSAGES[problem], input: phone });
}

/** `phoneRule` (shape, length) and then a number Beacon may text. */
export const textablePhoneRule = phoneRule.superRefine(checkTextable);

/** `optionalPhoneRule` and, when given, a real number (the person's own phone is never texted, but kept true). */
export const optionalTextablePhoneRule = optionalPhoneRule.superRefine(checkTextable);
