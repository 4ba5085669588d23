import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ISSUE_TEXTS, VALIDATION } from '#shared/texts';
import { DEV_OUTBOX_UNREACHABLE_ERROR } from '../../adapters/sms/dev-outbox-sms-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';

describe('POST /api/send-emergency-sms', () => {
  let sut: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    sut = await createTestApp();
    user = await createTestUser(sut, 'Sam Sender');
  });
  afterAll(() => sut?.close());

  const send = (payload: unknown, key?: string) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/send-emergency-sms',
      headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as Record<string, unknown>,
    });

  it('keeps one text per number in the dev outbox through the alert pipeline, never reported as sent', async () => {
    const res = await send({
      message: 'I need help at the park',
      phoneNumbers: ['(555) 123-4567', '+15551234567', '+447700900123', '+15550000000'],
      userLocation: { latitude: 40.7128, longitude: -74.006 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toEqual([
      { phoneNumber: '+15551234567', success: false, status: 'kept_in_dev_outbox' },
      { phoneNumber: '+447700900123', success: false, status: 'kept_in_dev_outbox' },
      { phoneNumber: '+15550000000', success: false, status: 'failed', error: DEV_OUTBOX_UNREACHABLE_ERROR },
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
    const { rows } = await sut.db.query<{ body: string }>(
      "SELECT body FROM dev_outbox WHERE channel = 'sms' AND recipient = '+447700900123' AND user_id = $1",
      [user.id],
    );
    expect(rows[0]?.body).toContain('Sam Sender may need help');
    expect(rows[0]?.body).toContain('Message: "I need help at the park"');
    expect(rows[0]?.body).toContain('https://www.google.com/maps?q=40.712800,-74.006000');
  });

  it('works without contacts (the numbers are given) and without a location', async () => {
    const res = await send({ message: 'Help', phoneNumbers: ['+15557778888'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toEqual({ successful: 0, total: 1 });
    expect(res.json().results).toEqual([
      { phoneNumber: '+15557778888', success: false, status: 'kept_in_dev_outbox' },
    ]);
  });

  it('refuses the same Idempotency-Key with other numbers (422)', async () => {
    const first = await send({ message: 'Help', phoneNumbers: ['+15556660001'] }, 'sms-reused-key');
    expect(first.statusCode).toBe(200);
    const other = await send({ message: 'Help', phoneNumbers: ['+15556660002'] }, 'sms-reused-key');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('idempotency_key_reused');
  });

  it('honours the Idempotency-Key: a retry sends nothing twice', async () => {
    const payload = { message: 'Retry me', phoneNumbers: ['+15556667777'] };
    const first = await send(payload, 'offline-sos-42');
    const again = await send(payload, 'offline-sos-42');
    expect(again.json()).toEqual(first.json());
    const { rows } = await sut.db.query("SELECT 1 FROM dev_outbox WHERE recipient = '+15556667777'");
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ phoneNumbers: ['+15551234567'] }, VALIDATION.messageEmpty],
    [{ message: '  ', phoneNumbers: ['+15551234567'] }, VALIDATION.messageEmpty],
    [{ message: 'x'.repeat(501), phoneNumbers: ['+15551234567'] }, VALIDATION.messageTooLong],
    [
      { message: '<script>x</script>', phoneNumbers: ['+15551234567'] },
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
      { message: 'Help', phoneNumbers: ['+15551234567'], userLocation: { latitude: -91, longitude: 0 } },
      VALIDATION.latitudeRange,
    ],
    [
      { message: 'Help', phoneNumbers: ['+15551234567'], userLocation: { latitude: 0, longitude: 181 } },
      VALIDATION.longitudeRange,
    ],
  ])('rejects %j with its message', async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message });
  });
});
