import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { ALERT_RESPONSE_TEXTS } from '#shared/alert-response-texts';
import type { WardAlertDetail } from '#shared/schemas/alert';
import type { AlertResponse, AlertTimelineEntry } from '#shared/schemas/alert-life';
import type { RespondResult } from '#shared/schemas/alert-respond';
import type { Ward } from '#shared/schemas/guardian';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeSession, mockApi } from '../../testing/fake-api';
import { acceptAndSettle, createFakeRealtime } from '../../testing/fake-realtime';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

const WARD_ID = '00000002-0000-4000-8000-000000000007';
const ward: Ward = {
  relationship_id: '00000003-0000-4000-8000-000000000001',
  ward_id: WARD_ID,
  full_name: 'Bob Ward',
  email: 'bob@example.org',
  location_sharing_enabled: true,
  location: null,
  linked_since: '2025-01-01T00:00:00.000Z',
};
const alert = fakeAlert();
const entry = (id: string, overrides: Partial<AlertTimelineEntry>): AlertTimelineEntry => ({
  id,
  kind: 'responded',
  at: new Date().toISOString(),
  actor_name: null,
  response: null,
  escalation_step: null,
  round: null,
  call_outcome: null,
  ...overrides,
});
const response = (name: string, kind: AlertResponse['response'], id: string): AlertResponse => ({
  id,
  alert_id: alert.id,
  responder_kind: 'guardian',
  responder_name: name,
  response: kind,
  responded_at: new Date().toISOString(),
});

const wardAlert: WardAlertDetail = {
  ward_id: WARD_ID,
  alert,
  emergencyContacts: 0,
  deliveries: [],
  summary: { successful: 0, total: 0 },
  responses: [],
  timeline: [entry('1', { kind: 'raised' })],
  seen_at: null,
  my_response: null,
};

async function openGuardianView(answer: { status?: number; body: unknown }) {
  storeSession(fakeSession());
  markOnboardingSeenForTest();
  const api = mockApi([
    { method: 'GET', path: '/api/wards', body: { wards: [ward] } },
    { method: 'GET', path: '/api/wards/alerts', body: { alerts: [wardAlert] } },
    { method: 'GET', path: '/api/wards/journeys', body: { escorts: [], checkins: [], warnings: [] } },
    {
      method: 'GET',
      path: `/api/locations/route?userId=${WARD_ID}`,
      body: { user_id: WARD_ID, sharing: true, route: [] },
    },
    { method: 'POST', path: `/api/wards/alerts/${alert.id}/respond`, ...answer },
  ]);
  const realtime = createFakeRealtime();
  const { queryClient } = await renderApp('/guardian/wards', { realtime: realtime.transport });
  return { api, realtime, queryClient };
}

describe('a guardian answers a ward’s alert', () => {
  it('"I\'m on my way" on the banner tells the server, then the banner says what they answered', async () => {
    const mine = response('Gina Guardian', 'on_my_way', '00000006-0000-4000-8000-000000000001');
    const result: RespondResult = {
      alert_id: alert.id,
      state: 'acknowledged',
      entry: entry('2', { actor_name: 'Gina Guardian', response: 'on_my_way' }),
      responses: [mine],
      changed: true,
      my_response: 'on_my_way',
    };
    const { api } = await openGuardianView({ body: result });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    const buttons = within(banner).getByRole('group', { name: ALERT_RESPONSE_TEXTS.answerGroup('Bob Ward') });
    expect(
      within(buttons)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([ALERT_LIFE_TEXTS.responseButtons.on_my_way, ALERT_LIFE_TEXTS.responseButtons.calling]);

    await userEvent.click(
      within(buttons).getByRole('button', { name: ALERT_LIFE_TEXTS.responseButtons.on_my_way }),
    );

    expect(await within(banner).findByText("You answered: I'm on my way")).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({
        path: `/api/wards/alerts/${alert.id}/respond`,
        body: { response: 'on_my_way' },
      }),
    ]);
    // The other answer stays, to change it; who has answered is listed.
    const change = within(banner).getByRole('group', { name: ALERT_RESPONSE_TEXTS.changeAnswer });
    expect(
      within(change)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([ALERT_LIFE_TEXTS.responseButtons.calling]);
    expect(within(banner).getByTestId('ward-alert-responders')).toHaveTextContent(
      'Gina Guardian is on the way',
    );
    // The ward's card says the same.
    const card = screen.getByRole('article', { name: 'Bob Ward' });
    expect(within(card).getByTestId('my-answer')).toHaveTextContent("You answered: I'm on my way");
  });

  it('an answer the server refused changes nothing on screen and says why', async () => {
    await openGuardianView({
      status: 409,
      body: { error: 'conflict', message: ALERT_RESPONSE_TEXTS.alertEnded },
    });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    await userEvent.click(
      within(banner).getByRole('button', { name: ALERT_LIFE_TEXTS.responseButtons.calling }),
    );
    expect(await screen.findByText(ALERT_RESPONSE_TEXTS.alertEnded)).toBeInTheDocument();
    expect(within(banner).queryByTestId('my-answer')).not.toBeInTheDocument();
  });

  it('every guardian sees, live, who has answered (alert.progress)', async () => {
    const { realtime, queryClient } = await openGuardianView({ body: null });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    expect(within(banner).queryByTestId('ward-alert-responders')).not.toBeInTheDocument();
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    await acceptAndSettle(realtime, queryClient, fakeSession().user.id, 100);
    act(() =>
      realtime.emit({
        id: 101,
        type: 'alert.progress',
        user_id: WARD_ID,
        created_at: new Date().toISOString(),
        payload: {
          alert_id: alert.id,
          state: 'acknowledged',
          entry: entry('2', { actor_name: 'Olga Other', response: 'calling' }),
          responses: [response('Olga Other', 'calling', '00000006-0000-4000-8000-000000000009')],
        },
      }),
    );
    expect(await within(banner).findByTestId('ward-alert-responders')).toHaveTextContent(
      'Olga Other is calling you',
    );
    // Someone else's answer is not this guardian's: both buttons stay.
    expect(within(banner).queryByTestId('my-answer')).not.toBeInTheDocument();
    expect(
      within(banner).getByRole('button', { name: ALERT_LIFE_TEXTS.responseButtons.on_my_way }),
    ).toBeEnabled();
  });

  it('an answer given on another of this guardian’s devices flips the banner to "You answered", live (alert.answered)', async () => {
    const { realtime, queryClient } = await openGuardianView({ body: null });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    expect(within(banner).queryByTestId('my-answer')).not.toBeInTheDocument();
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    const me = fakeSession().user;
    await acceptAndSettle(realtime, queryClient, me.id, 100);
    act(() =>
      realtime.emit({
        id: 101,
        type: 'alert.answered',
        user_id: me.id,
        created_at: new Date().toISOString(),
        payload: {
          alert_id: alert.id,
          state: 'acknowledged',
          entry: entry('2', { actor_name: 'Ada Lovelace', response: 'calling' }),
          responses: [response('Ada Lovelace', 'calling', '00000006-0000-4000-8000-000000000009')],
          my_response: 'calling',
        },
      }),
    );
    expect(await within(banner).findByTestId('my-answer')).toHaveTextContent(
      ALERT_RESPONSE_TEXTS.youAnswered('calling'),
    );
    // The other answer stays on offer, to change it.
    expect(
      within(banner).getByRole('button', { name: ALERT_LIFE_TEXTS.responseButtons.on_my_way }),
    ).toBeEnabled();
    expect(
      within(banner).queryByRole('button', { name: ALERT_LIFE_TEXTS.responseButtons.calling }),
    ).not.toBeInTheDocument();
  });
});
