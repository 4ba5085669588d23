import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertProgress, AlertTimelineEntry } from '#shared/schemas/alert-life';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeRealtime } from '../../testing/fake-realtime';
import { renderApp, storeSession } from '../../testing/render-app';

const ALERT_ID = '00000005-0000-4000-8000-000000000001';
const RAISED_AT = new Date(Date.now() - 5 * 60_000).toISOString();

const raisedEntry: AlertTimelineEntry = {
  id: '1',
  kind: 'raised',
  at: RAISED_AT,
  actor_name: null,
  response: null,
  escalation_step: null,
  round: null,
  call_outcome: null,
};

function activeAlert(overrides: Partial<AlertDetail> = {}): AlertDetail {
  return {
    alert: fakeAlert({ id: ALERT_ID }, RAISED_AT),
    emergencyContacts: 0,
    deliveries: [],
    summary: { successful: 0, total: 0 },
    responses: [],
    timeline: [raisedEntry],
    ...overrides,
  };
}

function api(detail: AlertDetail) {
  const active: FakeRoute = { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [detail] } };
  const { requests } = mockApi([
    active,
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/contacts', body: { contacts: [] } },
    { method: 'POST', path: '/api/locations', body: { stored: 1, checked: 0, sharing: true } },
  ]);
  /** How often the screen has read the person's active alerts. */
  const reads = () => requests.filter((request) => request.path === active.path).length;
  return { active, reads };
}

beforeEach(() => storeSession(fakeSession()));

describe('who is coming, on the active-alert screen', () => {
  it('says nobody has answered yet, the state and the timeline, then who is coming the moment they answer', async () => {
    const { active, reads } = api(activeAlert());
    const realtime = createFakeRealtime();
    await renderApp('/', { realtime: realtime.transport });
    const panel = await screen.findByTestId('who-is-coming');
    expect(within(panel).getByText(ALERT_LIFE_TEXTS.noResponseYet)).toBeInTheDocument();
    expect(within(panel).getByTestId('alert-state')).toHaveTextContent(ALERT_LIFE_TEXTS.state.raised);
    expect(within(panel).getByTestId('alert-timeline')).toHaveTextContent(ALERT_LIFE_TEXTS.raised);

    const userId = fakeSession().user.id;
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    const readsBefore = reads();
    act(() => void realtime.accept(userId, 7));
    // The channel opened: the screen reads the alerts again. That read is done before the answer exists.
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    await act(async () => {});
    const readsBeforeAnswer = reads();
    // Two and a half minutes ago: "2 min ago" whenever within the next half minute the screen last read the time.
    const answeredAt = new Date(Date.now() - 150_000).toISOString();
    const progress: AlertProgress = {
      alert_id: ALERT_ID,
      state: 'acknowledged',
      entry: {
        ...raisedEntry,
        id: '2',
        kind: 'responded',
        at: answeredAt,
        actor_name: 'Maria',
        response: 'on_my_way',
      },
      responses: [
        {
          id: '00000006-0000-4000-8000-000000000001',
          alert_id: ALERT_ID,
          responder_kind: 'guardian',
          responder_name: 'Maria',
          response: 'on_my_way',
          responded_at: answeredAt,
        },
      ],
    };
    // From now on the server's reads have the answer too.
    active.body = {
      alerts: [
        activeAlert({
          alert: {
            ...fakeAlert({ id: ALERT_ID }, RAISED_AT),
            state: 'acknowledged',
            acknowledged_at: answeredAt,
          },
          responses: progress.responses,
          timeline: [raisedEntry, progress.entry],
        }),
      ],
    };
    act(() =>
      realtime.emit({
        id: 8,
        type: 'alert.progress',
        user_id: userId,
        created_at: answeredAt,
        payload: progress,
      }),
    );

    const responses = await within(panel).findByTestId('responses');
    expect(responses).toHaveTextContent('Maria is on the way — 2 min ago');
    expect(within(panel).queryByText(ALERT_LIFE_TEXTS.noResponseYet)).not.toBeInTheDocument();
    expect(within(panel).getByTestId('alert-state')).toHaveTextContent(ALERT_LIFE_TEXTS.state.acknowledged);
    const timeline = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.closest('ol'));
    expect(timeline.map((item) => item.textContent)).toEqual([
      expect.stringContaining(ALERT_LIFE_TEXTS.raised),
      expect.stringContaining('Maria is on the way'),
    ]);

    // The event made the screen read again, so a read already on its way cannot hide the answer.
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBeforeAnswer));
    expect(within(panel).getByTestId('responses')).toHaveTextContent('Maria is on the way');

    // The same event again (a catch-up replay) adds nothing.
    act(() =>
      realtime.emit({
        id: 8,
        type: 'alert.progress',
        user_id: userId,
        created_at: answeredAt,
        payload: progress,
      }),
    );
    expect(within(panel).getByTestId('alert-timeline').querySelectorAll('li')).toHaveLength(2);
  });

  it('shows the answers and the timeline the server has after a reload', async () => {
    const at = new Date(Date.now() - 90_000).toISOString();
    api(
      activeAlert({
        alert: { ...fakeAlert({ id: ALERT_ID }, RAISED_AT), state: 'acknowledged', acknowledged_at: at },
        responses: [
          {
            id: '00000006-0000-4000-8000-000000000002',
            alert_id: ALERT_ID,
            responder_kind: 'contact',
            responder_name: 'Omar',
            response: 'calling',
            responded_at: at,
          },
        ],
        timeline: [
          raisedEntry,
          { ...raisedEntry, id: '2', kind: 'responded', at, actor_name: 'Omar', response: 'calling' },
        ],
      }),
    );
    await renderApp('/');
    const panel = await screen.findByTestId('who-is-coming');
    expect(within(panel).getByTestId('responses')).toHaveTextContent('Omar is calling you — 1 min ago');
    expect(within(panel).getByTestId('alert-state')).toHaveTextContent(ALERT_LIFE_TEXTS.state.acknowledged);
  });
});
