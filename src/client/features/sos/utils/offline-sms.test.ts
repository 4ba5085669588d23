import { describe, expect, it, vi } from 'vitest';
import type { SmsComposerAdapter } from '../../../lib/device/sms-composer';
import { offlineSmsBody, openSmsComposer } from './offline-sms';

function composer(available = true, fails = false): SmsComposerAdapter & { open: ReturnType<typeof vi.fn> } {
  return {
    isAvailable: () => available,
    open: vi.fn(() => {
      if (fails) throw new Error('blocked');
    }),
  };
}

describe('offlineSmsBody', () => {
  const raisedAt = new Date('2026-01-01T12:20:30.000Z');

  it('uses the words the server texts (a message: a quick message), dated to when the SOS was raised, with no tracking link', () => {
    expect(
      offlineSmsBody({
        fullName: 'Grace Hopper',
        triggerType: 'manual',
        message: ' Call me ',
        location: { latitude: 1.5, longitude: 2.25, accuracy: 9.6 },
        raisedAt,
      }),
    ).toBe(
      [
        'Beacon SOS: Grace Hopper may need help (quick message).',
        'Time: 2026-01-01 12:20 UTC',
        'Location: https://www.google.com/maps?q=1.500000,2.250000 (within 10 m)',
        'Message: "Call me"',
      ].join('\n'),
    );
  });

  it('works without a name or a location', () => {
    expect(offlineSmsBody({ fullName: null, triggerType: 'manual', location: null, raisedAt })).toBe(
      'Beacon SOS: A Beacon user may need help (SOS button).\nTime: 2026-01-01 12:20 UTC\nLocation: unknown',
    );
  });
});

describe('openSmsComposer', () => {
  const input = { phoneNumbers: ['+15551234567'], body: 'Help' };

  it('opens the messaging app with the sms: link', () => {
    const sms = composer();
    expect(openSmsComposer({ ...input, composer: sms, online: false })).toEqual({
      kind: 'opened',
      url: 'sms:+15551234567?body=Help',
    });
    expect(sms.open).toHaveBeenCalledWith('sms:+15551234567?body=Help');
  });

  it('needs stored contacts', () => {
    expect(
      openSmsComposer({ ...input, phoneNumbers: [], composer: composer(), online: false }),
    ).toMatchObject({
      kind: 'failed',
      title: 'Emergency SMS Failed',
      description: 'No emergency contacts stored offline',
    });
  });

  it('tells "no internet and no SMS" from "no native SMS here"', () => {
    expect(openSmsComposer({ ...input, composer: composer(false), online: false })).toMatchObject({
      title: 'SMS Not Available',
      description: 'No SMS capability available',
    });
    expect(openSmsComposer({ ...input, composer: composer(false), online: true })).toMatchObject({
      title: 'Emergency SMS Failed',
      description: 'Native SMS not available on this platform',
    });
  });

  it('reports a browser that refuses to open the link', () => {
    expect(openSmsComposer({ ...input, composer: composer(true, true), online: true })).toMatchObject({
      kind: 'failed',
      title: 'Emergency SMS Failed',
    });
  });
});
