import { describe, expect, it } from 'vitest';
import { buildAlertSms, mapLink } from './alert-sms-text';

const at = new Date('2026-03-04T05:06:07.890Z');

describe('buildAlertSms', () => {
  it('says who, why, when and where, with a map link to 6 decimals and the accuracy', () => {
    const text = buildAlertSms({
      fullName: 'Jane Doe',
      triggerType: 'manual',
      at,
      location: { latitude: 51.5007292, longitude: -0.1246254, accuracy: 14.6 },
    });
    expect(text).toBe(
      [
        'Beacon SOS: Jane Doe may need help (SOS button).',
        'Time: 2026-03-04 05:06 UTC',
        'Location: https://www.google.com/maps?q=51.500729,-0.124625 (within 15 m)',
      ].join('\n'),
    );
  });

  it('names "A Beacon user" when the profile has no name, and says the location is unknown', () => {
    const text = buildAlertSms({ fullName: '  ', triggerType: 'shake', at, location: null });
    expect(text).toContain('A Beacon user may need help (shake detected).');
    expect(text).toContain('Location: unknown');
    expect(text).not.toContain('maps');
  });

  it.each([
    ['voice', 'voice keyword'],
    ['panic', 'panic'],
    ['escort_expired', 'escort timer expired'],
    ['checkin_missed', 'missed check-in'],
  ])('words the %s trigger as "%s"', (triggerType, words) => {
    expect(buildAlertSms({ fullName: 'Sam', triggerType, at })).toContain(`(${words})`);
  });

  it('adds the address, the person’s message and a tracking link when there are any', () => {
    const text = buildAlertSms({
      fullName: 'Sam',
      triggerType: 'manual',
      at,
      location: { latitude: 1, longitude: 2, address: 'Main Street 1' },
      message: '  Followed near the station  ',
      trackingUrl: 'https://beacon.example/track/abc',
    });
    expect(text.split('\n').slice(2)).toEqual([
      'Location: https://www.google.com/maps?q=1.000000,2.000000',
      'Near: Main Street 1',
      'Message: "Followed near the station"',
      'Live location: https://beacon.example/track/abc',
    ]);
  });

  it('fits one SMS segment (160 GSM characters) for a typical SOS without a message', () => {
    const text = buildAlertSms({
      fullName: 'Jane Doe',
      triggerType: 'manual',
      at,
      location: { latitude: -33.8688197, longitude: 151.2092955, accuracy: 1200 },
    });
    expect(text.length).toBeLessThanOrEqual(160);
    // Only GSM-7 characters, or the segment shrinks to 70.
    expect(text).toMatch(/^[A-Za-z0-9 \n.,:;()?=/"'+-]*$/);
  });

  it('formats negative coordinates in the map link', () => {
    expect(mapLink(-33.8688197, -151.2)).toBe('https://www.google.com/maps?q=-33.868820,-151.200000');
  });
});
