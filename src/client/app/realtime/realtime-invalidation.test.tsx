import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import type { GuardianRelationship } from '#shared/schemas/guardian';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import { useContacts } from '../../features/contacts/api/get-contacts';
import { useRelationships } from '../../features/guardians/api/get-relationships';
import { useWards } from '../../features/guardians/api/get-wards';
import { useAlertDetail } from '../../features/sos/api/get-alert';
import { fakeAlert } from '../../testing/fake-alert';
import { mockApi } from '../../testing/fake-api';
import { testQueryClient } from '../../testing/render-app';
import { applyRealtimeEvent, type RealtimeSinks } from './apply-realtime-event';

/**
 * The realtime layer and the screens' queries meet only through the key factories: these tests mount the real
 * query hooks, apply an event, and count the requests, so a key that drifted would show as a missing reload.
 */
const VIEWER = '00000006-0000-4000-8000-000000000001';
const WARD = '00000002-0000-4000-8000-000000000001';
const alert = fakeAlert();
const detail: AlertDetail = {
  alert,
  emergencyContacts: 1,
  deliveries: [],
  summary: { successful: 0, total: 1 },
  responses: [],
  timeline: [],
};

function setup() {
  const queryClient = testQueryClient();
  const api = mockApi([
    { method: 'GET', path: `/api/alerts/${alert.id}`, body: detail },
    { method: 'GET', path: '/api/contacts', body: { contacts: [] } },
    { method: 'GET', path: '/api/guardian-relationships', body: { relationships: [] } },
    { method: 'GET', path: '/api/wards', body: { wards: [] } },
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const sinks: RealtimeSinks = {
    queryClient,
    viewerId: VIEWER,
    wardActivity: null,
    addNotification: () => {},
  };
  const count = (path: string): number => api.requests.filter((request) => request.path === path).length;
  return { queryClient, wrapper, sinks, count };
}

function event(fields: Pick<RealtimeEvent, 'type' | 'user_id' | 'payload'>): RealtimeEvent {
  return { id: 1, created_at: new Date().toISOString(), ...fields } as RealtimeEvent;
}

describe('realtime invalidation uses the queries’ own keys', () => {
  it("a delivery update about one's own alert reloads the alert the SOS screen shows, and nothing else", async () => {
    const { wrapper, sinks, count } = setup();
    const screen = renderHook(() => ({ alert: useAlertDetail(alert.id), contacts: useContacts(VIEWER) }), {
      wrapper,
    });
    await waitFor(() => expect(screen.result.current.alert.isSuccess).toBe(true));
    await waitFor(() => expect(screen.result.current.contacts.source).toBe('server'));
    expect(count(`/api/alerts/${alert.id}`)).toBe(1);

    applyRealtimeEvent(
      event({
        type: 'alert.delivery_updated',
        user_id: VIEWER,
        payload: {
          alert_id: alert.id,
          delivery: {
            id: '00000004-0000-4000-8000-000000000001',
            purpose: 'alert',
            channel: 'sms',
            recipient: '+15551234567',
            recipient_name: 'Mum',
            status: 'sent',
            attempts: 1,
            last_error: null,
            next_attempt_at: null,
            sent_at: new Date().toISOString(),
          },
        },
      }),
      { live: true },
      sinks,
    );
    await waitFor(() => expect(count(`/api/alerts/${alert.id}`)).toBe(2));
    expect(count('/api/contacts')).toBe(1);
  });

  it('a relationship change reloads the relationships and wards the guardian screens show', async () => {
    const { wrapper, sinks, count } = setup();
    const screen = renderHook(() => ({ relationships: useRelationships(VIEWER), wards: useWards(VIEWER) }), {
      wrapper,
    });
    await waitFor(() => expect(screen.result.current.relationships.isSuccess).toBe(true));
    await waitFor(() => expect(screen.result.current.wards.isSuccess).toBe(true));

    const approved = { ward_id: WARD, guardian_id: VIEWER, role: 'guardian', status: 'active' };
    applyRealtimeEvent(
      event({
        type: 'relationship.updated',
        user_id: VIEWER,
        payload: approved as GuardianRelationship,
      }),
      { live: true },
      sinks,
    );
    await waitFor(() => expect(count('/api/guardian-relationships')).toBe(2));
    await waitFor(() => expect(count('/api/wards')).toBe(2));
  });
});
