import { describe, expect, it } from 'vitest';
import type { Alert, AlertDelivery, WardAlertDetail } from '#shared/schemas/alert';
import { fakeAlert } from '../../../testing/fake-alert';
import { withAlertRaised, withAlertsLoaded, withDeliveryUpdated, withoutWard } from './ward-alerts';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const WARD = '00000002-0000-4000-8000-000000000001';
const ALERT_A = '00000005-0000-4000-8000-00000000000a';
const ALERT_B = '00000005-0000-4000-8000-00000000000b';

const alert = (id: string, minutesAgo = 1): Alert =>
  fakeAlert({ id }, new Date(NOW - minutesAgo * 60_000).toISOString());

const delivery = (status: AlertDelivery['status'], attempts: number): AlertDelivery => ({
  id: '00000004-0000-4000-8000-000000000001',
  purpose: 'alert',
  channel: 'sms',
  recipient: '+15551234567',
  recipient_name: 'Mum',
  status,
  attempts,
  last_error: null,
  next_attempt_at: null,
  sent_at: null,
});

const loaded = (id: string, deliveries: AlertDelivery[], wardId = WARD): WardAlertDetail => ({
  ward_id: wardId,
  alert: alert(id),
  emergencyContacts: deliveries.length,
  deliveries,
  summary: { successful: 0, total: deliveries.length },
  responses: [],
  timeline: [],
  seen_at: null,
});

describe('ward alerts in the query cache', () => {
  it('adds alerts read from the server, newest first', () => {
    const alerts = withAlertsLoaded(
      [],
      [{ ...loaded(ALERT_A, [delivery('sent', 1)]), alert: alert(ALERT_A, 5) }, loaded(ALERT_B, [])],
      NOW,
    );
    expect(alerts.map((entry) => entry.alert.id)).toEqual([ALERT_B, ALERT_A]);
    expect(alerts[1]!.deliveries).toEqual([delivery('sent', 1)]);
  });

  it('never lets an older delivery state win, from a late server read or a repeated event', () => {
    let alerts = withAlertRaised([], WARD, alert(ALERT_A), NOW);
    alerts = withDeliveryUpdated(alerts, WARD, ALERT_A, delivery('sending', 1));
    alerts = withDeliveryUpdated(alerts, WARD, ALERT_A, delivery('sent', 1));

    // A server read taken while the text was still being sent arrives late.
    alerts = withAlertsLoaded(alerts, [loaded(ALERT_A, [delivery('sending', 1)])], NOW);
    // And a live event repeated after the fact.
    alerts = withDeliveryUpdated(alerts, WARD, ALERT_A, delivery('sending', 1));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.deliveries).toEqual([delivery('sent', 1)]);

    // A retry (a later attempt) does win.
    alerts = withAlertsLoaded(alerts, [loaded(ALERT_A, [delivery('pending', 2)])], NOW);
    expect(alerts[0]!.deliveries).toEqual([delivery('pending', 2)]);
  });

  it('keeps an alert that arrived live after the server read was taken', () => {
    const live = withAlertRaised([], WARD, alert(ALERT_B), NOW);
    const merged = withAlertsLoaded(live, [loaded(ALERT_A, [])], NOW);
    expect(merged.map((entry) => entry.alert.id).sort()).toEqual([ALERT_A, ALERT_B].sort());
  });

  it('returns the same list when nothing changed, so the screens do not re-render', () => {
    const alerts = withAlertsLoaded([], [loaded(ALERT_A, [delivery('sent', 1)])], NOW);
    expect(withAlertsLoaded(alerts, [loaded(ALERT_A, [delivery('sent', 1)])], NOW)).toBe(alerts);
    expect(withAlertsLoaded(alerts, [], NOW)).toBe(alerts);
    expect(withAlertRaised(alerts, WARD, alert(ALERT_A), NOW)).toBe(alerts);
    expect(withDeliveryUpdated(alerts, WARD, ALERT_B, delivery('sent', 1))).toBe(alerts);
  });

  it('drops alerts past retention, and forgets a ward whose link ended', () => {
    const old = withAlertRaised([], WARD, alert(ALERT_A, 25 * 60), NOW);
    expect(old).toEqual([]);
    const two = withAlertsLoaded(
      [],
      [loaded(ALERT_A, []), loaded(ALERT_B, [], '00000002-0000-4000-8000-000000000002')],
      NOW,
    );
    expect(withoutWard(two, WARD).map((entry) => entry.alert.id)).toEqual([ALERT_B]);
  });
});
