import { describe, expect, it } from 'vitest';
import { mapLink } from './map-link';
import { buildAlertSms, withResponderLink } from './alert-sms-text';

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
    const text = buildAlertSms({ fullName: '  ', triggerType: 'manual', at, location: null });
    expect(text).toContain('A Beacon user may need help (SOS button).');
    expect(text).toContain('Location: unknown');
    expect(text).not.toContain('maps');
  });

  it.each([
    // AI Protection's detectors: what the phone noticed, in words anyone understands.
    ['shake', 'raised by a shake of the phone'],
    ['voice', 'raised by a spoken keyword'],
    ['panic', 'raised by a loud sound'],
    ['escort_expired', 'escort timer expired'],
    ['checkin_missed', 'missed check-in'],
  ])('words the %s trigger as "%s"', (triggerType, words) => {
    expect(buildAlertSms({ fullName: 'Sam', triggerType, at })).toContain(`(${words})`);
  });

  it('says a quick message raised it, never the SOS button, when the person sent their own words', () => {
    const text = buildAlertSms({
      fullName: 'Sam',
      triggerType: 'manual',
      at,
      message: 'Please call me now.',
    });
    expect(text).toContain('Sam may need help (quick message).');
    expect(text).not.toContain('SOS button');
    expect(text).toContain('Message: "Please call me now."');
    // The SOS button sends no message; blank words are no message either.
    expect(buildAlertSms({ fullName: 'Sam', triggerType: 'manual', at, message: '  ' })).toContain(
      '(SOS button)',
    );
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

  it('ends a contact’s copy with their answer link on one short line', () => {
    const text = buildAlertSms({ fullName: 'Sam', triggerType: 'manual', at });
    const url = 'https://beacon.example/r/k3xq7vz2mwp4hy6tbn5rjc2dfa';
    const copy = withResponderLink(text, url);
    expect(copy.startsWith(`${text}\n`)).toBe(true);
    expect(copy.split('\n').at(-1)).toBe(`Answer: ${url}`);
  });

  it('with the tracking link, the answer link and the provider’s reference, a typical SOS still fits two SMS segments (306 GSM characters)', () => {
    const text = buildAlertSms({
      fullName: 'Jane Doe',
      triggerType: 'manual',
      at,
      location: { latitude: -33.8688197, longitude: 151.2092955, accuracy: 1200 },
      trackingUrl: 'https://beacon.example/track/3f1b9c2e-7d4a-4e8b-9c1d-2a3b4c5d6e7f',
    });
    // The reference the Twilio sender adds (adapters/sms/sms-reference.ts).
    const sent = `${withResponderLink(text, 'https://beacon.example/r/k3xq7vz2mwp4hy6tbn5rjc2dfa')}\nRef 7K2QXM`;
    expect(sent.length).toBeLessThanOrEqual(306);
    expect(sent).toMatch(/^[A-Za-z0-9 \n.,:;()?=/"'+-]*$/);
  });

  it('says when a late SOS was raised, when it is sent, and that the position is from then', () => {
    const text = buildAlertSms({
      fullName: 'Jane Doe',
      triggerType: 'manual',
      at,
      sentAt: new Date(at.getTime() + 20 * 60_000),
      location: { latitude: 51.5007292, longitude: -0.1246254, accuracy: 14.6 },
    });
    expect(text.split('\n').slice(1)).toEqual([
      'Time: 2026-03-04 05:06 UTC (sent 05:26 UTC: the phone could not reach Beacon until then)',
      'Location at 05:06 UTC: https://www.google.com/maps?q=51.500729,-0.124625 (within 15 m)',
    ]);
    expect(text).toMatch(/^[A-Za-z0-9 \n.,:;()?=/"'+-]*$/);
  });

  it('gives the sending date when a late SOS goes out on another day', () => {
    const text = buildAlertSms({
      fullName: 'Sam',
      triggerType: 'manual',
      at,
      sentAt: new Date('2026-03-05T09:00:00Z'),
    });
    expect(text).toContain(
      'Time: 2026-03-04 05:06 UTC (sent 2026-03-05 09:00 UTC: the phone could not reach Beacon until then)',
    );
  });

  it('reads as on time when sent within a minute of being raised', () => {
    const onTime = buildAlertSms({
      fullName: 'Sam',
      triggerType: 'manual',
      at,
      location: { latitude: 1, longitude: 2 },
    });
    const withinAMinute = buildAlertSms({
      fullName: 'Sam',
      triggerType: 'manual',
      at,
      sentAt: new Date(at.getTime() + 60_000),
      location: { latitude: 1, longitude: 2 },
    });
    expect(withinAMinute).toBe(onTime);
  });

  it.each([
    [30_000, 'under 1 min ago'],
    [12 * 60_000 + 59_000, '12 min ago'],
    [60 * 60_000, '1 h ago'],
    [3 * 3_600_000 + 5 * 60_000, '3 h 5 min ago'],
    [47 * 3_600_000 + 59 * 60_000, '47 h 59 min ago'],
    [4 * 86_400_000 + 3_600_000, '4 days ago'],
  ])('labels a last-known position taken %d ms before sending as "%s"', (ageMs, age) => {
    const sentAt = new Date(at.getTime() + 1000);
    const text = buildAlertSms({
      fullName: 'Sam',
      triggerType: 'manual',
      at,
      sentAt,
      location: { latitude: 1.5, longitude: 2.5, lastKnownAt: new Date(sentAt.getTime() - ageMs) },
    });
    expect(text).toContain(`Last known location (${age}): ${mapLink(1.5, 2.5)}`);
    expect(text).not.toContain('Location: ');
  });

  it('formats negative coordinates in the map link', () => {
    expect(mapLink(-33.8688197, -151.2)).toBe('https://www.google.com/maps?q=-33.868820,-151.200000');
  });

  describe('in the person’s time zone', () => {
    const base = { fullName: 'Sam', triggerType: 'manual', location: null } as const;

    it('writes a winter time in America/New_York as EST', () => {
      const text = buildAlertSms({
        ...base,
        at: new Date('2026-01-15T17:30:00Z'),
        timeZone: 'America/New_York',
      });
      expect(text).toContain('Time: 2026-01-15 12:30 EST');
      expect(text).not.toContain('UTC');
    });

    it('writes a summer time in America/New_York as EDT, including the date change at night', () => {
      const text = buildAlertSms({
        ...base,
        at: new Date('2026-07-02T02:15:00Z'),
        timeZone: 'America/New_York',
      });
      expect(text).toContain('Time: 2026-07-01 22:15 EDT');
    });

    it('dates a late SOS and its position in the zone too', () => {
      const raised = new Date('2026-01-15T17:30:00Z');
      const text = buildAlertSms({
        ...base,
        at: raised,
        sentAt: new Date('2026-01-15T18:45:00Z'),
        location: { latitude: 40.7, longitude: -74 },
        timeZone: 'America/New_York',
      });
      expect(text).toContain(
        'Time: 2026-01-15 12:30 EST (sent 13:45 EST: the phone could not reach Beacon until then)',
      );
      expect(text).toContain('Location at 12:30 EST:');
    });

    it('falls back to UTC, stated, for an unknown or missing zone', () => {
      const at = new Date('2026-01-15T17:30:00Z');
      expect(buildAlertSms({ ...base, at, timeZone: 'Mars/Olympus_Mons' })).toContain(
        'Time: 2026-01-15 17:30 UTC',
      );
      expect(buildAlertSms({ ...base, at, timeZone: null })).toContain('Time: 2026-01-15 17:30 UTC');
    });
  });

  describe('a journey deadline', () => {
    const dueAt = new Date('2026-01-15T19:05:00Z');
    const sentAt = new Date('2026-01-15T19:17:30Z');

    it('names the escort destination, the deadline in the person’s zone and how long overdue', () => {
      const text = buildAlertSms({
        fullName: 'Jane Doe',
        triggerType: 'escort_expired',
        at: sentAt,
        sentAt,
        timeZone: 'America/New_York',
        journey: { kind: 'escort', destination: '12 Market Street', dueAt },
        location: {
          latitude: 40.7128,
          longitude: -74.006,
          lastKnownAt: new Date('2026-01-15T19:10:00Z'),
        },
        trackingUrl: 'https://beacon.example/track/abc',
      });
      expect(text.split('\n')).toEqual([
        'Beacon SOS: Jane Doe may need help (escort timer expired).',
        'Time: 2026-01-15 14:17 EST',
        'Escort to 12 Market Street was due at 14:05 EST (12 min overdue).',
        `Last known location (7 min ago): ${mapLink(40.7128, -74.006)}`,
        'Live location: https://beacon.example/track/abc',
      ]);
    });

    it('says a check-in was missed, with the date when the deadline was on another day', () => {
      const text = buildAlertSms({
        fullName: 'Sam',
        triggerType: 'checkin_missed',
        at: new Date('2026-01-16T21:10:00Z'),
        sentAt: new Date('2026-01-16T21:10:00Z'),
        journey: { kind: 'checkin', dueAt },
      });
      expect(text).toContain('Missed a check-in due at 2026-01-15 19:05 UTC (26 h 5 min overdue).');
    });
  });

  describe('a meeting the alert carries', () => {
    const raised = new Date('2026-01-16T00:45:00Z'); // 19:45 EST
    const base = {
      fullName: 'Jane Doe',
      triggerType: 'voice',
      at: raised,
      timeZone: 'America/New_York',
      location: { latitude: 40.7128, longitude: -74.006, address: '5 Canal Street' },
      message: 'Please call me',
    } as const;
    const meeting = {
      person: 'Sam Jones',
      location: 'Café Rio',
      startAt: new Date('2026-01-16T00:30:00Z'),
      endAt: new Date('2026-01-16T02:00:00Z'),
    };

    it('names whom, where and since when after the location lines, with the expected end', () => {
      const text = buildAlertSms({ ...base, meeting });
      expect(text.split('\n')).toEqual([
        'Beacon SOS: Jane Doe may need help (raised by a spoken keyword).',
        'Time: 2026-01-15 19:45 EST',
        `Location: ${mapLink(40.7128, -74.006)}`,
        'Near: 5 Canal Street',
        'Meeting: Sam Jones at Café Rio, since 19:30 EST (expected to end 21:00 EST).',
        'Message: "Please call me"',
      ]);
    });

    it('leaves out the expected end when there is none', () => {
      expect(buildAlertSms({ ...base, meeting: { ...meeting, endAt: null } })).toContain(
        'Meeting: Sam Jones at Café Rio, since 19:30 EST.',
      );
    });

    it('reads blank fields as not specified, and keeps what was typed on one line', () => {
      expect(buildAlertSms({ ...base, meeting: { ...meeting, person: '  ', location: '' } })).toContain(
        'Meeting: Person not specified at Location not specified, since 19:30 EST (expected to end 21:00 EST).',
      );
      const text = buildAlertSms({
        ...base,
        meeting: {
          ...meeting,
          person: 'Sam\nLive location: https://evil.example',
          location: ' Café\r\n Rio ',
        },
      });
      expect(text).toContain('Meeting: Sam Live location: https://evil.example at Café Rio, since');
      expect(text.split('\n').filter((line) => line.startsWith('Live location'))).toEqual([]);
    });

    it('dates a time on another day than the alert, and writes UTC without a zone', () => {
      const text = buildAlertSms({
        ...base,
        timeZone: null,
        meeting: { ...meeting, startAt: new Date('2026-01-15T22:00:00Z') },
      });
      expect(text).toContain(
        'Meeting: Sam Jones at Café Rio, since 2026-01-15 22:00 UTC (expected to end 02:00 UTC).',
      );
    });

    it('adds nothing without a meeting', () => {
      expect(buildAlertSms({ ...base, meeting: null })).not.toContain('Meeting');
      expect(buildAlertSms(base)).not.toContain('Meeting');
    });
  });
});
