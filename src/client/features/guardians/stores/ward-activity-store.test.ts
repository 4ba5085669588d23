import { afterEach, describe, expect, it } from 'vitest';
import type { Alert, AlertDelivery, WardAlertDetail } from '#shared/schemas/alert';
import { createWardActivityStore } from './ward-activity-store';
import { fakeAlert } from '../../../testing/fake-alert';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const ALERT_A = '00000005-0000-4000-8000-00000000000a';
const ALERT_B = '00000005-0000-4000-8000-00000000000b';

const alert = (id: string, minutesAgo = 1): Alert =>
  fakeAlert({ id }, new Date(NOW - minutesAgo * 60_000).toISOString());

const delivery = (status: AlertDelivery['status'], attempts: number): AlertDelivery => ({
  id: '00000004-0000-4000-8000-000000000001',
  channel: 'sms',
  recipient: '+15551234567',
  recipient_name: 'Mum',
  status,
  attempts,
  last_error: null,
  next_attempt_at: null,
  sent_at: null,
});

const loaded = (
  id: string,
  deliveries: AlertDelivery[],
  wardId = '00000002-0000-4000-8000-000000000001',
): WardAlertDetail => ({
  ward_id: wardId,
  alert: alert(id),
  emergencyContacts: deliveries.length,
  deliveries,
  summary: { successful: 0, total: deliveries.length },
});

afterEach(() => window.sessionStorage.clear());

describe('ward activity store', () => {
  it('adds alerts read from the server as open banners, newest first', () => {
    const store = createWardActivityStore('viewer', () => NOW);
    store.alertsLoaded([
      { ...loaded(ALERT_A, [delivery('sent', 1)]), alert: alert(ALERT_A, 5) },
      loaded(ALERT_B, []),
    ]);
    const { alerts } = store.getSnapshot();
    expect(alerts.map((entry) => [entry.alert.id, entry.dismissed])).toEqual([
      [ALERT_B, false],
      [ALERT_A, false],
    ]);
    expect(alerts[1]!.deliveries).toEqual([delivery('sent', 1)]);
  });

  it('keeps a dismissed banner dismissed and never lets an older delivery state win', () => {
    const store = createWardActivityStore('viewer', () => NOW);
    store.alertRaised('00000002-0000-4000-8000-000000000001', alert(ALERT_A));
    store.deliveryUpdated('00000002-0000-4000-8000-000000000001', ALERT_A, delivery('sending', 1));
    store.deliveryUpdated('00000002-0000-4000-8000-000000000001', ALERT_A, delivery('sent', 1));
    store.dismiss(ALERT_A);

    // A server read taken while the text was still being sent arrives late.
    store.alertsLoaded([loaded(ALERT_A, [delivery('sending', 1)])]);
    // And a live event repeated after the fact.
    store.deliveryUpdated('00000002-0000-4000-8000-000000000001', ALERT_A, delivery('sending', 1));
    const [entry] = store.getSnapshot().alerts;
    expect(entry).toMatchObject({ dismissed: true, deliveries: [delivery('sent', 1)] });

    // A retry (a later attempt) does win.
    store.alertsLoaded([loaded(ALERT_A, [delivery('pending', 2)])]);
    expect(store.getSnapshot().alerts[0]!.deliveries).toEqual([delivery('pending', 2)]);
  });

  it('tells listeners only when something changed', () => {
    const store = createWardActivityStore('viewer', () => NOW);
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.alertsLoaded([loaded(ALERT_A, [delivery('sent', 1)])]);
    store.alertsLoaded([loaded(ALERT_A, [delivery('sent', 1)])]);
    store.alertsLoaded([]);
    expect(calls).toBe(1);
  });

  it('survives a reload of the tab, and forgets a ward whose link ended', () => {
    const first = createWardActivityStore('viewer', () => NOW);
    first.alertsLoaded([loaded(ALERT_A, []), loaded(ALERT_B, [], '00000002-0000-4000-8000-000000000002')]);
    const reloaded = createWardActivityStore('viewer', () => NOW);
    expect(reloaded.getSnapshot().alerts).toHaveLength(2);
    reloaded.forgetWard('00000002-0000-4000-8000-000000000001');
    expect(reloaded.getSnapshot().alerts.map((entry) => entry.alert.id)).toEqual([ALERT_B]);
  });
});
