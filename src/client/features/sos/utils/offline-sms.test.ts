import { describe, expect, it, vi } from 'vitest';
import type { SmsComposerAdapter } from '../../../lib/device/sms-composer';
import { messagingAppOffer, offlineSmsBody, openMessagingApp } from './offline-sms';

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

describe('messagingAppOffer and openMessagingApp', () => {
  const input = { phoneNumbers: ['+15551234567'], body: 'Help' };

  it('offers and opens the sms: link with every number and the text', () => {
    const sms = composer();
    const offer = messagingAppOffer({ ...input, composer: sms });
    expect(offer).toEqual({ url: 'sms:+15551234567?body=Help', mayNotOpen: false });
    expect(openMessagingApp(sms, offer)).toBe(true);
    expect(sms.open).toHaveBeenCalledWith('sms:+15551234567?body=Help');
  });

  it('has no link without numbers saved on the phone, and opens nothing', () => {
    const sms = composer();
    const offer = messagingAppOffer({ ...input, phoneNumbers: [], composer: sms });
    expect(offer).toEqual({ url: null, mayNotOpen: false });
    expect(openMessagingApp(sms, offer)).toBe(false);
    expect(sms.open).not.toHaveBeenCalled();
  });

  it('keeps the link on a device that may have no messaging app, but does not open it unasked', () => {
    const sms = composer(false);
    const offer = messagingAppOffer({ ...input, composer: sms });
    expect(offer).toEqual({ url: 'sms:+15551234567?body=Help', mayNotOpen: true });
    expect(openMessagingApp(sms, offer)).toBe(false);
    expect(sms.open).not.toHaveBeenCalled();
  });

  it('reports a browser that refuses to open the link', () => {
    const sms = composer(true, true);
    expect(openMessagingApp(sms, messagingAppOffer({ ...input, composer: sms }))).toBe(false);
  });
});
