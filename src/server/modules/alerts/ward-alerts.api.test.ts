import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARD_ACTIVITY } from '#shared/constants';
import type { AlertDetail, WardAlertListResponse } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import { DEV_OUTBOX_UNREACHABLE_ERROR } from '../../adapters/sms/dev-outbox-sms-provider';
import { resolveAlert } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { signInAgain } from '../../testing/test-users';
import { endRelationship, linkGuardian } from '../guardians/guardian-test-helpers';

/** GET /api/wards/alerts: what a guardian may read of the alerts of those they watch over, and what not. */
describe('ward alerts API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const personWithContacts = async (name: string): Promise<TestUser> => {
    const ward = await createTestUser(sut, name);
    for (const [contact, phone] of [
      ['Mum', '+447400123456'],
      ['Unreachable', '+12015550000'],
    ] as const) {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: ward.headers,
        payload: { name: contact, phone },
      });
      expect(res.statusCode).toBe(201);
    }
    return ward;
  };
  const raise = async (user: TestUser, message: string): Promise<AlertDetail> => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: user.headers,
      payload: { triggerType: 'manual', message, location: { latitude: 51.5, longitude: -0.12 } },
    });
    expect(res.statusCode).toBe(201);
    return res.json<AlertDetail>();
  };
  const wardAlerts = async (user: TestUser): Promise<WardAlertListResponse['alerts']> => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/wards/alerts', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<WardAlertListResponse>().alerts;
  };
  const messages = async (user: TestUser): Promise<Array<string | null>> =>
    (await wardAlerts(user)).map((entry) => entry.alert.message);

  it('answers 401 without a session', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/wards/alerts' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: ERRORS.notAuthenticated });
  });

  it("shows an active guardian each ward's alerts, newest first, with every delivery's status", async () => {
    const guardian = await personWithContacts('Gina Guardian');
    const alex = await personWithContacts('Alex Ward');
    const sam = await personWithContacts('Sam Ward');
    await linkGuardian(sut, guardian, alex);
    await linkGuardian(sut, guardian, sam);

    const first = await raise(alex, 'Alex first');
    sut.clock.advance(1000);
    const second = await raise(sam, 'Sam needs help');
    await raise(guardian, 'the guardian’s own alert is not a ward alert');

    const alerts = await wardAlerts(guardian);
    expect(alerts.map((entry) => [entry.ward_id, entry.alert.id])).toEqual([
      [sam.id, second.alert.id],
      [alex.id, first.alert.id],
    ]);
    const alexAlert = alerts[1]!;
    expect(alexAlert.alert).toEqual(first.alert);
    expect(alexAlert.summary).toEqual({ successful: 0, total: 2 });
    expect(
      alexAlert.deliveries.map(({ recipient_name, status, last_error }) => ({
        recipient_name,
        status,
        last_error,
      })),
    ).toEqual([
      { recipient_name: 'Mum', status: 'kept_in_dev_outbox', last_error: null },
      { recipient_name: 'Unreachable', status: 'failed', last_error: DEV_OUTBOX_UNREACHABLE_ERROR },
    ]);
    // The ward still sees only their own alerts through GET /api/alerts, and has no wards.
    expect(await wardAlerts(alex)).toEqual([]);
  });

  it('shows nothing to a stranger, a pending or a rejected guardian', async () => {
    const ward = await personWithContacts('Private Ward');
    const stranger = await createTestUser(sut, 'Stranger');
    const pending = await createTestUser(sut, 'Pending');
    const rejected = await createTestUser(sut, 'Rejected');
    await linkGuardian(sut, pending, ward, 'pending');
    await linkGuardian(sut, rejected, ward, 'rejected');
    await raise(ward, 'not for them');

    expect(await wardAlerts(stranger)).toEqual([]);
    expect(await wardAlerts(pending)).toEqual([]);
    expect(await wardAlerts(rejected)).toEqual([]);
  });

  it('shows a guardian nothing from before their approval, and nothing once the link has ended', async () => {
    const guardian = await createTestUser(sut, 'Later Guardian');
    const ward = await personWithContacts('Ward');
    const pendingLink = await linkGuardian(sut, guardian, ward, 'pending');
    await resolveAlert(sut, ward, (await raise(ward, 'before approval')).alert.id);
    sut.clock.advance(1000);
    await sut.app.inject({
      method: 'PATCH',
      url: `/api/guardian-relationships/${pendingLink.id}`,
      headers: guardian.headers,
      payload: { status: 'active' },
    });
    sut.clock.advance(1000);
    await raise(ward, 'after approval');
    expect(await messages(guardian)).toEqual(['after approval']);

    // Either side may end it; from then on the former guardian reads nothing, old alerts included.
    await endRelationship(sut, ward, pendingLink.id);
    expect(await wardAlerts(guardian)).toEqual([]);
  });

  it(`keeps to the last ${WARD_ACTIVITY.retentionHours} hours`, async () => {
    const guardian = await createTestUser(sut, 'Guardian');
    const ward = await personWithContacts('Ward');
    await linkGuardian(sut, guardian, ward);
    await resolveAlert(sut, ward, (await raise(ward, 'old')).alert.id);
    sut.clock.advance(WARD_ACTIVITY.retentionHours * 3_600_000 - 1000);
    const freshWard = await signInAgain(sut, ward);
    await raise(freshWard, 'recent');
    const freshGuardian = await signInAgain(sut, guardian);
    expect(await messages(freshGuardian)).toEqual(['recent', 'old']);

    sut.clock.advance(2000);
    expect(await messages(await signInAgain(sut, guardian))).toEqual(['recent']);
  });
});
