import { describe, expect, it } from 'vitest';
import type { Alert } from '#shared/schemas/alert';
import { fakeAlert } from '../../../testing/fake-alert';
import {
  withAlertRaised,
  withAlertResolved,
  withAlertSeen,
  withAlertsLoaded,
  type WardAlertRecord,
} from './ward-alerts';
import { SAFE_NOTICE_MS, openAlertIds, wardBanners } from './ward-banners';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const ALEX = '00000002-0000-4000-8000-000000000001';
const SAM = '00000002-0000-4000-8000-000000000002';
const id = (n: number): string => `00000005-0000-4000-8000-${String(n).padStart(12, '0')}`;
const alert = (n: number, minutesAgo: number): Alert =>
  fakeAlert({ id: id(n) }, new Date(NOW - minutesAgo * 60_000).toISOString());
const shown = (alerts: WardAlertRecord[], dismissed: string[] = []) =>
  alerts.map((entry) => ({ ...entry, dismissed: dismissed.includes(entry.alert.id) }));
const resolved = (a: Alert, minutesAgo: number): Alert => ({
  ...a,
  status: 'resolved',
  resolved_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
});

describe('the banners at the top of a guardian screen', () => {
  it('shows one banner per ward: the newest alert, with a count of the earlier open ones', () => {
    let alerts: WardAlertRecord[] = [];
    alerts = withAlertRaised(alerts, ALEX, alert(1, 3), NOW);
    alerts = withAlertRaised(alerts, ALEX, alert(2, 2), NOW);
    alerts = withAlertRaised(alerts, ALEX, alert(3, 1), NOW);
    alerts = withAlertRaised(alerts, SAM, alert(4, 5), NOW);

    const banners = wardBanners(shown(alerts), NOW);
    expect(banners.map((banner) => [banner.ward_id, banner.state, banner.entry.alert.id])).toEqual([
      [ALEX, 'active', id(3)],
      [SAM, 'active', id(4)],
    ]);
    expect(banners[0]).toMatchObject({ earlier: 2 });
    expect(banners[1]).toMatchObject({ earlier: 0 });
  });

  it('keeps the banner after Seen (quiet, the ward is still in danger), and a new alert is unseen again', () => {
    let alerts = withAlertRaised([], ALEX, alert(1, 2), NOW);
    alerts = withAlertSeen(alerts, id(1), new Date(NOW).toISOString());
    const [seen] = wardBanners(shown(alerts), NOW);
    expect(seen).toMatchObject({ state: 'active', entry: { seen_at: new Date(NOW).toISOString() } });

    // The first Seen counts; a repeat (another device's event) changes nothing.
    expect(withAlertSeen(alerts, id(1), new Date(NOW + 1000).toISOString())).toBe(alerts);

    alerts = withAlertRaised(alerts, ALEX, alert(2, 1), NOW);
    const [next] = wardBanners(shown(alerts), NOW);
    expect(next).toMatchObject({ state: 'active', earlier: 1, entry: { seen_at: null } });
  });

  it('turns to "<name> is safe" when the newest alert ends, which ends the earlier ones too, then leaves', () => {
    let alerts: WardAlertRecord[] = [];
    for (const [n, ago] of [
      [1, 3],
      [2, 2],
      [3, 1],
    ] as const) {
      alerts = withAlertRaised(alerts, ALEX, alert(n, ago), NOW);
    }
    alerts = withAlertResolved(alerts, ALEX, resolved(alert(3, 1), 0), NOW);

    expect(openAlertIds(alerts).size).toBe(0);
    const banners = wardBanners(shown(alerts), NOW);
    expect(banners).toEqual([expect.objectContaining({ state: 'safe', ward_id: ALEX })]);
    expect(banners[0]!.entry.alert.id).toBe(id(3));

    // Closed by the guardian, or after a while on its own.
    expect(wardBanners(shown(alerts, [id(3)]), NOW)).toEqual([]);
    expect(wardBanners(shown(alerts), NOW + SAFE_NOTICE_MS)).toEqual([]);
  });

  it('keeps the banner when an earlier alert ended but a later one is open', () => {
    let alerts = withAlertRaised([], ALEX, resolved(alert(1, 10), 8), NOW);
    alerts = withAlertRaised(alerts, ALEX, alert(2, 1), NOW);
    expect(wardBanners(shown(alerts), NOW)).toEqual([
      expect.objectContaining({
        state: 'active',
        earlier: 0,
        entry: expect.objectContaining({ alert: alert(2, 1) }),
      }),
    ]);
  });

  it('takes the end and the Seen from a server read, and never lets an older read bring an ended alert back', () => {
    let alerts = withAlertRaised([], ALEX, alert(1, 2), NOW);
    const detail = (a: Alert, seenAt: string | null) => ({
      ward_id: ALEX,
      alert: a,
      emergencyContacts: 0,
      deliveries: [],
      summary: { successful: 0, total: 0 },
      responses: [],
      timeline: [],
      seen_at: seenAt,
    });
    const seenAt = new Date(NOW - 60_000).toISOString();
    alerts = withAlertsLoaded(alerts, [detail(resolved(alert(1, 2), 0), seenAt)], NOW);
    expect(alerts[0]).toMatchObject({ alert: { status: 'resolved' }, seen_at: seenAt });
    const stale = withAlertsLoaded(alerts, [detail(alert(1, 2), null)], NOW);
    expect(stale).toBe(alerts);
  });
});
