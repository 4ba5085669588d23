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
  it('says who, their words and a map link', () => {
    expect(
      offlineSmsBody({
        fullName: 'Grace Hopper',
        message: ' Call me ',
        location: { latitude: 1.5, longitude: 2.25 },
      }),
    ).toBe(
      'SOS: Grace Hopper needs help.\nMessage: "Call me"\nMy location: https://www.google.com/maps?q=1.500000,2.250000',
    );
  });

  it('works without a name or a location', () => {
    expect(offlineSmsBody({ fullName: null, location: null })).toBe(
      'SOS: I need help.\nMy location could not be found.',
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
