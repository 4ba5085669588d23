import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { SMS_ABUSE_TEXTS } from './texts';
import { phoneNumberProblem, textablePhoneRule } from './phone-number-check';

/**
 * Example numbers of Google's libphonenumber metadata (PhoneNumberMetadata.xml, `exampleNumber` of each type), so
 * the test follows the maintained numbering plans rather than numbers made up here.
 */
const EXAMPLES = {
  usFixedOrMobile: '+12015550123',
  gbMobile: '+447400123456',
  usPremiumRate: '+19002345678',
  gbPremiumRate: '+449098765432',
  frSharedCost: '+33810123456',
  esSharedCost: '+34901123456',
} as const;

describe('phoneNumberProblem (libphonenumber-js, max metadata)', () => {
  it('knows the example numbers by their type', () => {
    expect(parsePhoneNumberFromString(EXAMPLES.usPremiumRate)?.getType()).toBe('PREMIUM_RATE');
    expect(parsePhoneNumberFromString(EXAMPLES.frSharedCost)?.getType()).toBe('SHARED_COST');
  });

  it.each([EXAMPLES.usFixedOrMobile, EXAMPLES.gbMobile, '2015550123', '(201) 555-0123'])(
    'lets Beacon text %s (no + means the default +1)',
    (phone) => expect(phoneNumberProblem(phone)).toBeNull(),
  );

  it.each([
    ['+15551234567', 'not_real'], // area code 555 does not exist
    ['+447700900123', 'not_real'], // Ofcom's range for drama: never assigned
    ['+1201555', 'not_real'],
    [EXAMPLES.usPremiumRate, 'premium_rate'],
    ['9002345678', 'premium_rate'], // +1 by default
    [EXAMPLES.gbPremiumRate, 'premium_rate'],
    [EXAMPLES.frSharedCost, 'shared_cost'],
    [EXAMPLES.esSharedCost, 'shared_cost'],
  ])('refuses %s as %s', (phone, problem) => expect(phoneNumberProblem(phone)).toBe(problem));

  it('says why in the field rule', () => {
    const issue = (phone: string) => textablePhoneRule.safeParse(phone).error?.issues[0]?.message;
    expect(issue(EXAMPLES.usPremiumRate)).toBe(SMS_ABUSE_TEXTS.phonePremiumRate);
    expect(issue(EXAMPLES.esSharedCost)).toBe(SMS_ABUSE_TEXTS.phoneSharedCost);
    expect(issue('+15551234567')).toBe(SMS_ABUSE_TEXTS.phoneNotReal);
    expect(textablePhoneRule.safeParse(EXAMPLES.gbMobile).success).toBe(true);
  });
});
