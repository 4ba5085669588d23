import { describe, expect, it } from 'vitest';
import { buildSmsUrl } from './sms-composer';

describe('buildSmsUrl', () => {
  it('joins every number with commas and URL-encodes the body after ?body=', () => {
    expect(buildSmsUrl(['+15551234567', '+15557654321'], 'Help & come: now?\nMap')).toBe(
      `sms:+15551234567,+15557654321?body=${encodeURIComponent('Help & come: now?\nMap')}`,
    );
  });

  it('keeps only a leading + and digits, and drops empty numbers', () => {
    expect(buildSmsUrl([' +1 (555) 123-4567 ', '555 765 4321', '  '], 'x')).toBe(
      'sms:+15551234567,5557654321?body=x',
    );
  });
});
