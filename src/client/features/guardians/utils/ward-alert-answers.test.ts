import { describe, expect, it } from 'vitest';
import type { WardAlertDetail } from '#shared/schemas/alert';
import type { AlertProgress, AlertResponse } from '#shared/schemas/alert-life';
import { fakeAlert } from '../../../testing/fake-alert';
import { withAlertProgress, withAlertsLoaded, withMyResponse, type WardAlertRecord } from './ward-alerts';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const WARD = '00000002-0000-4000-8000-000000000001';
const alert = fakeAlert({ id: '00000005-0000-4000-8000-00000000000a' }, new Date(NOW - 60_000).toISOString());
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

const answer = (name: string, response: AlertResponse['response'], secondsAgo: number): AlertResponse => ({
  id: `00000006-0000-4000-8000-00000000000${name.length % 10}`,
  alert_id: alert.id,
  responder_kind: 'guardian',
  responder_name: name,
  response,
  responded_at: at(secondsAgo),
});
const progress = (responses: AlertResponse[]): AlertProgress => ({
  alert_id: alert.id,
  state: 'acknowledged',
  entry: {
    id: String(responses.length + 1),
    kind: 'responded',
    at: responses.at(-1)!.responded_at,
    actor_name: responses.at(-1)!.responder_name,
    response: responses.at(-1)!.response,
    escalation_step: null,
    round: null,
    call_outcome: null,
  },
  responses,
});
const record: WardAlertRecord = { ward_id: WARD, alert, deliveries: [], seen_at: null };
const read = (responses: AlertResponse[], my: WardAlertDetail['my_response'] = null): WardAlertDetail => ({
  ward_id: WARD,
  alert,
  emergencyContacts: 0,
  deliveries: [],
  summary: { successful: 0, total: 0 },
  responses,
  timeline: [],
  seen_at: null,
  my_response: my,
});

describe('who answered a ward’s alert, in the query cache', () => {
  it('alert.progress gives the alert its state and every answer; an older one never replaces a newer', () => {
    const first = progress([answer('Maria', 'on_my_way', 30)]);
    const second = progress([answer('Maria', 'on_my_way', 30), answer('Omar', 'calling', 10)]);
    const [entry] = withAlertProgress(withAlertProgress([record], first), second);
    expect(entry!.responses!.map((r) => r.responder_name)).toEqual(['Maria', 'Omar']);
    expect(entry!.alert).toMatchObject({ state: 'acknowledged', acknowledged_at: at(30) });
    // Arriving late (a replay), the first picture changes nothing.
    expect(withAlertProgress([entry!], first)).toEqual([entry]);
  });

  it('a server read taken before a live answer does not hide it, nor this device’s own answer', () => {
    const mine = progress([answer('Gina', 'calling', 5)]);
    const live = withMyResponse([record], { ...mine, my_response: 'calling' });
    const [entry] = withAlertsLoaded(live, [read([])], NOW);
    expect(entry!.responses!.map((r) => r.responder_name)).toEqual(['Gina']);
    expect(entry!.my_response).toBe('calling');
    // A newer read wins: the guardian changed their answer on another device.
    const [later] = withAlertsLoaded([entry!], [read([answer('Gina', 'on_my_way', 1)], 'on_my_way')], NOW);
    expect(later!.my_response).toBe('on_my_way');
  });
});
