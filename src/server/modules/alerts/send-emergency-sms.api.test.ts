import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ISSUE_TEXTS, SMS_ABUSE_TEXTS, VALIDATION } from '#shared/texts';
import { DEV_OUTBOX_UNREACHABLE_ERROR } from '../../adapters/sms/dev-outbox-sms-provider';
import { addContact, endOpenAlerts } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';

describe('POST /api/send-emergency-sms', () => {
  let sut: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    sut = await createTestApp();
    user = await createTestUser(sut, 'Sam Sender');
    await addContact(sut, user, '+12015550120', 'Ada Friend');
    await addContact(sut, user, '+447400123456', 'Bea Friend');
    await addContact(sut, user, '+12015550000', 'Broken Number');
    await addContact(sut, user, '+12015550130', 'Cy Friend');
  });
  afterAll(() => sut?.close());
  // Each test's SOS is its own alert: an SOS while one is open would join it.
  afterEach(() => endOpenAlerts(sut, user));

  const send = (payload: unknown, key?: string, who: TestUser = user) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/send-emergency-sms',
      headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const alertsOf = async (who: TestUser): Promise<number> =>
    (await sut.db.query('SELECT 1 FROM alerts WHERE user_id = $1', [who.id])).rows.length;
  const textsTo = async (number: string): Promise<number> =>
    (await sut.db.query('SELECT 1 FROM dev_outbox WHERE recipient = $1', [number])).rows.length;

  it('keeps one text per number in the dev outbox through the alert pipeline, never reported as sent', async () => {
    const res = await send({
      message: 'I need help at the park',
      phoneNumbers: ['(201) 555-0120', '+12015550120', '+447400123456', '+12015550000'],
      userLocation: { latitude: 40.7128, longitude: -74.006 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toEqual([
      { phoneNumber: '+12015550120', success: false, status: 'kept_in_dev_outbox' },
      { phoneNumber: '+447400123456', success: false, status: 'kept_in_dev_outbox' },
      { phoneNumber: '+12015550000', success: false, status: 'failed', error: DEV_OUTBOX_UNREACHABLE_ERROR },
    ]);
    expect(body.summary).toEqual({ successful: 0, total: 3 });

    const alert = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${body.alertId}`,
      headers: user.headers,
    });
    expect(alert.json().alert).toMatchObject({
      trigger_type: 'manual',
      message: 'I need help at the park',
      location_lat: 40.7128,
      location_lng: -74.006,
    });
    // The contact's name comes from the saved contact, not from the request.
    expect(alert.json().deliveries.map((d: { recipient_name: string }) => d.recipient_name)).toEqual([
      'Ada Friend',
      'Bea Friend',
      'Broken Number',
    ]);
    const { rows } = await sut.db.query<{ body: string }>(
      "SELECT body FROM dev_outbox WHERE channel = 'sms' AND recipient = '+447400123456' AND user_id = $1",
      [user.id],
    );
    expect(rows[0]?.body).toContain('Sam Sender may need help');
    expect(rows[0]?.body).toContain('Message: "I need help at the park"');
    expect(rows[0]?.body).toContain('https://www.google.com/maps?q=40.712800,-74.006000');
  });

  it('texts only the contacts named, and works without a location', async () => {
    const res = await send({ message: 'Help', phoneNumbers: ['+12015550130'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toEqual({ successful: 0, total: 1 });
    expect(res.json().results).toEqual([
      { phoneNumber: '+12015550130', success: false, status: 'kept_in_dev_outbox' },
    ]);
  });

  it('refuses the same Idempotency-Key with other numbers (422)', async () => {
    const first = await send({ message: 'Help', phoneNumbers: ['+12015550130'] }, 'sms-reused-key');
    expect(first.statusCode).toBe(200);
    const other = await send({ message: 'Help', phoneNumbers: ['+12015550120'] }, 'sms-reused-key');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('idempotency_key_reused');
  });

  it("refuses a number that is not one of the person's saved contacts, naming it, and texts nobody", async () => {
    // SMS pumping: any account could text up to 20 arbitrary numbers per request.
    const before = await alertsOf(user);
    const res = await send({ message: 'Help', phoneNumbers: ['+12015550120', '+12015550199'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      field: 'phoneNumbers.1',
      message: SMS_ABUSE_TEXTS.notYourContact,
    });
    expect(await alertsOf(user)).toBe(before);
    expect(await textsTo('+12015550199')).toBe(0);
  });

  it("refuses another person's contact and any number from a person without contacts", async () => {
    const stranger = await createTestUser(sut, 'Stranger Danger');
    const res = await send({ message: 'Help', phoneNumbers: ['+447400123456'] }, undefined, stranger);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'phoneNumbers.0' });
    const pumped = await send(
      {
        message: 'Help',
        phoneNumbers: Array.from({ length: 20 }, (_, i) => `+1201555${String(i + 200).padStart(4, '0')}`),
      },
      undefined,
      stranger,
    );
    expect(pumped.statusCode).toBe(400);
    expect(await alertsOf(stranger)).toBe(0);
    expect(await textsTo('+12015550200')).toBe(0);
  });

  it('honours the Idempotency-Key: a retry sends nothing twice', async () => {
    const payload = { message: 'Retry me', phoneNumbers: ['+12015550130'] };
    const first = await send(payload, 'offline-sos-42');
    const again = await send(payload, 'offline-sos-42');
    expect([first.json().outcome, again.json().outcome]).toEqual(['created', 'repeated']);
    expect({ ...again.json(), outcome: 'created' }).toEqual(first.json());
    const { rows } = await sut.db.query(
      "SELECT 1 FROM dev_outbox WHERE recipient = '+12015550130' AND body LIKE '%Retry me%'",
    );
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ phoneNumbers: ['+12015550120'] }, VALIDATION.messageEmpty],
    [{ message: '  ', phoneNumbers: ['+12015550120'] }, VALIDATION.messageEmpty],
    [{ message: 'x'.repeat(501), phoneNumbers: ['+12015550120'] }, VALIDATION.messageTooLong],
    [
      { message: '<script>x</script>', phoneNumbers: ['+12015550120'] },
      FIELD_ISSUE_TEXTS.withField('Message', VALIDATION.invalidContent),
    ],
    [{ message: 'Help' }, VALIDATION.phoneNumbersRequired],
    [{ message: 'Help', phoneNumbers: [] }, VALIDATION.phoneNumbersRequired],
    [
      {
        message: 'Help',
        phoneNumbers: Array.from({ length: 21 }, (_, i) => `+1555123${String(i).padStart(4, '0')}`),
      },
      VALIDATION.tooManyPhoneNumbers,
    ],
    [{ message: 'Help', phoneNumbers: ['12'] }, VALIDATION.phoneTooShort],
    [{ message: 'Help', phoneNumbers: ['+1234567890123456'] }, VALIDATION.phoneTooLong],
    [{ message: 'Help', phoneNumbers: ['+0123456789'] }, VALIDATION.phoneFormat],
    [{ message: 'Help', phoneNumbers: [12345678] }, VALIDATION.phoneFormat],
    [
      { message: 'Help', phoneNumbers: ['+12015550120'], userLocation: { latitude: -91, longitude: 0 } },
      VALIDATION.latitudeRange,
    ],
    [
      { message: 'Help', phoneNumbers: ['+12015550120'], userLocation: { latitude: 0, longitude: 181 } },
      VALIDATION.longitudeRange,
    ],
  ])('rejects %j with its message', async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message });
  });
});
