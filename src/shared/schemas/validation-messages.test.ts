/**
 * The validation rules (docs/PRODUCT.md#validation-rules) not covered by the field-rules/auth/profile tests:
 * invite codes, SOS without contacts, code redemption. Messages are written out as the app shows them.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS, VALIDATION } from '../texts';
import { RedeemInviteCodeRequestSchema } from './guardian';
import { firstMessage } from './test-helpers';

describe('invite code, SOS and sign-in messages', () => {
  it('SOS requires at least one contact', () => {
    expect(ERRORS.sosNeedsContacts).toBe('Please add emergency contacts before using SOS.');
  });

  it('invite code entry is forced to uppercase; blank → Please enter a valid invite code.', () => {
    expect(RedeemInviteCodeRequestSchema.parse({ code: ' ab12cd34 ' })).toEqual({ code: 'AB12CD34' });
    for (const code of ['', '   ']) {
      expect(firstMessage(RedeemInviteCodeRequestSchema, { code })).toBe('Please enter a valid invite code.');
    }
    expect(VALIDATION.inviteCodeBlank).toBe('Please enter a valid invite code.');
  });

  it('code redemption messages', () => {
    expect(ERRORS.invalidOrExpiredCode).toBe('Invalid or expired invite code');
    expect(ERRORS.codeExpired).toBe('This invite code has expired');
    expect(ERRORS.notAuthenticated).toBe('Not authenticated');
  });

  it('login/sign-up messages', () => {
    expect(VALIDATION.requiredFields).toBe('Please fill in all required fields');
    expect(VALIDATION.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(VALIDATION.enterFullName).toBe('Please enter your full name');
  });
});
