import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay, regionOfLanguage } from './phone-display';

describe('formatPhoneForDisplay', () => {
  it('writes a number of the viewer’s own country nationally', () => {
    expect(formatPhoneForDisplay('+17045550100', 'US')).toBe('(704) 555-0100');
    expect(formatPhoneForDisplay('+447400123456', 'GB')).toBe('07400 123456');
  });

  it('writes any other number internationally', () => {
    expect(formatPhoneForDisplay('+447400123456', 'US')).toBe('+44 7400 123456');
    expect(formatPhoneForDisplay('+17045550100', null)).toBe('+1 704 555 0100');
  });

  it('shows a number it does not know as valid as stored', () => {
    expect(formatPhoneForDisplay('+15551234567', 'US')).toBe('+15551234567');
    expect(formatPhoneForDisplay('not a number', 'US')).toBe('not a number');
  });

  it('takes the viewer’s country from the region the language names, else from the likely one', () => {
    expect(regionOfLanguage('en-GB')).toBe('GB');
    expect(regionOfLanguage('en-US')).toBe('US');
    expect(regionOfLanguage('de')).toBe('DE');
    expect(regionOfLanguage('')).toBeNull();
  });
});
