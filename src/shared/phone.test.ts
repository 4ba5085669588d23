/** Numbers for texts (docs/PRODUCT.md#phone-numbers): without a leading +, non-digits go and +1 is added. */
import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from './phone';

describe('normalisePhoneNumber', () => {
  it.each([
    ['5551234567', '+15551234567'],
    ['(555) 123-4567', '+15551234567'],
    ['555.123.4567', '+15551234567'],
    [' 555 123 4567 ', '+15551234567'],
    ['1-555-123-4567', '+115551234567'],
  ])('a number without + (%j) loses every non-digit and gains +1: %j', (input, expected) => {
    expect(normalisePhoneNumber(input)).toBe(expected);
  });

  it.each([
    ['+447700900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    [' +1 (555) 123-4567 ', '+15551234567'],
  ])('a number with + keeps its country code (%j → %j)', (input, expected) => {
    expect(normalisePhoneNumber(input)).toBe(expected);
  });
});
