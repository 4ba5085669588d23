import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVE_ALERT_TEXTS } from '#shared/active-alert-texts';
import { LIVE_TRACKING } from '#shared/constants';
import type { AlertDelivery, AlertDetail } from '#shared/schemas/alert';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeDevice } from '../../testing/fake-device';
import { acceptAndSettle, createFakeRealtime } from '../../testing/fake-realtime';
import { renderApp, storeSession } from '../../testing/render-app';
import { textThemYourselfUrl } from '../../features/sos/components/active-alert-screen';
import { fakeEscort } from '../../testing/fake-journeys';

const ALERT_ID = '00000005-0000-4000-8000-000000000001';

function delivery(overrides: Partial<AlertDelivery>): AlertDelivery {
  return {
    id: '00000004-0000-4000-8000-000000000001',
    purpose: 'alert',
    channel: 'sms',
    recipient: '+15551234567',
    recipient_name: 'Ada Byron',
    status: 'sent',
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    sent_at: '2026-01-01T12:00:01.000Z',
    ...overrides,
  };
}

function activeAlert(deliveries: AlertDelivery[]): AlertDetail {
  return {
    alert: fakeAlert({ location_lat: 51.5, location_lng: -0.12 }, '2026-01-01T12:00:00.000Z'),
    emergencyContacts: deliveries.length,
    deliveries,
    summary: { successful: deliveries.filter((d) => d.status === 'sent').length, total: deliveries.length },
    responses: [],
    timeline: [],
  };
}

const twoContacts = [
  delivery({}),
  delivery({
    id: '00000004-0000-4000-8000-000000000002',
    recipient: '+15557654321',
    recipient_name: 'Bob Smith',
    status: 'pending',
    sent_at: null,
    next_attempt_at: '2026-01-01T12:00:06.000Z',
  }),
];

function api(active: AlertDetail[], { sharing = true }: { sharing?: boolean } = {}) {
  const activeRoute: FakeRoute = {
    method: 'GET',
    path: '/api/alerts?status=active',
    body: { alerts: active },
  };
  const resolved = active[0]
    ? {
        ...active[0],
        alert: { ...active[0].alert, status: 'resolved', resolved_at: '2026-01-01T12:05:00.000Z' },
      }
    : null;
  const mock = mockApi([
    activeRoute,
    { method: 'POST', path: `/api/alerts/${ALERT_ID}/resolve`, body: resolved },
    { method: 'GET', path: '/api/profile', body: fakeProfile({ location_sharing_enabled: sharing }) },
    { method: 'GET', path: '/api/contacts', body: { contacts: [] } },
    { method: 'POST', path: '/api/locations', body: { stored: 1, checked: 0, sharing: true } },
  ]);
  return { ...mock, activeRoute };
}

beforeEach(() => storeSession(fakeSession()));
afterEach(() => toast.dismiss());

describe('the active-alert screen', () => {
  it("stands in for the dashboard while an alert is active, with each text's status, Call 911 and I'm safe", async () => {
    api([activeAlert(twoContacts)]);
    await renderApp('/');
    const screenEl = await screen.findByTestId('active-alert-screen');
    expect(within(screenEl).getByRole('heading', { level: 1, name: ACTIVE_ALERT_TEXTS.title })).toBeVisible();
    expect(
      within(screenEl)
        .getAllByTestId('delivery-row')
        .map((row) => row.dataset.status),
    ).toEqual(['sent', 'pending']);
    expect(within(screenEl).getByText('Sent')).toBeInTheDocument();
    expect(within(screenEl).getByText('Retrying')).toBeInTheDocument();
    expect(within(screenEl).getByRole('link', { name: 'Call Ada Byron' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    expect(within(screenEl).getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    expect(within(screenEl).getByRole('button', { name: ACTIVE_ALERT_TEXTS.imSafe })).toBeEnabled();
    // The dashboard and its navigation are not reachable behind it.
    expect(screen.queryByRole('button', { name: /^SOS/ })).not.toBeInTheDocument();
  });

  it('says whether the position is shared: on with permission and Share Location, else why not', async () => {
    const device = createFakeDevice();
    device.permissionStates.location = 'granted';
    api([activeAlert(twoContacts)]);
    await renderApp('/', { device });
    await waitFor(() => expect(screen.getByTestId('alert-sharing')).toHaveAttribute('data-sharing', 'on'));
    expect(screen.getByTestId('alert-sharing')).toHaveTextContent(ACTIVE_ALERT_TEXTS.sharingOn);
  });

  it('says the position is not shared without location permission', async () => {
    const device = createFakeDevice();
    device.permissionStates.location = 'denied';
    api([activeAlert(twoContacts)]);
    await renderApp('/', { device });
    expect(await screen.findByTestId('alert-sharing')).toHaveAttribute('data-sharing', 'no_permission');
  });

  it("I'm safe asks once: keeping the alert sends nothing, the focus comes back, and Yes ends it with one POST", async () => {
    const mock = api([activeAlert(twoContacts)]);
    const { user } = await renderApp('/');
    const imSafe = await screen.findByRole('button', { name: ACTIVE_ALERT_TEXTS.imSafe });
    const resolves = () =>
      mock.requests.filter((r) => r.method === 'POST' && r.path === `/api/alerts/${ALERT_ID}/resolve`);

    // The question, with the focus on its safe answer; Escape (or the button) keeps the alert on.
    await user.click(imSafe);
    let question = await screen.findByRole('alertdialog', { name: ACTIVE_ALERT_TEXTS.confirmTitle });
    expect(question).toHaveAccessibleDescription(ACTIVE_ALERT_TEXTS.confirmDescription);
    expect(within(question).getByRole('button', { name: ACTIVE_ALERT_TEXTS.confirmKeep })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(imSafe).toHaveFocus();
    await user.click(imSafe);
    question = await screen.findByRole('alertdialog', { name: ACTIVE_ALERT_TEXTS.confirmTitle });
    await user.click(within(question).getByRole('button', { name: ACTIVE_ALERT_TEXTS.confirmKeep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(resolves()).toHaveLength(0);
    expect(screen.getByTestId('active-alert-screen')).toBeInTheDocument();

    // From now on the server's list no longer has it (other devices hear alert.resolved and re-read it).
    mock.activeRoute.body = { alerts: [] };
    await user.click(imSafe);
    question = await screen.findByRole('alertdialog', { name: ACTIVE_ALERT_TEXTS.confirmTitle });
    await user.click(within(question).getByRole('button', { name: ACTIVE_ALERT_TEXTS.confirmEnd }));
    // The toast first, as the person sees it; the screen goes when the re-read list comes back without the alert.
    expect(await screen.findByText(ACTIVE_ALERT_TEXTS.ended)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('active-alert-screen')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /^SOS/ })).toBeInTheDocument();
    expect(resolves()).toHaveLength(1);
  });

  it("keeps the screen and says so when I'm safe fails", async () => {
    const mock = api([activeAlert(twoContacts)]);
    const resolveRoute = mock.routes.find(
      (route) => route.method === 'POST' && route.path.endsWith('/resolve'),
    )!;
    resolveRoute.status = 503;
    resolveRoute.body = { error: 'unavailable', message: 'Down' };
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: ACTIVE_ALERT_TEXTS.imSafe }));
    const question = await screen.findByRole('alertdialog', { name: ACTIVE_ALERT_TEXTS.confirmTitle });
    await user.click(within(question).getByRole('button', { name: ACTIVE_ALERT_TEXTS.confirmEnd }));
    expect(await screen.findByText(ACTIVE_ALERT_TEXTS.endFailed)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('active-alert-screen')).toBeInTheDocument();
  });

  it('opens after a reconnection whose catch-up brought no event: an alert stored best effort may never be sent', async () => {
    const mock = api([]);
    const realtime = createFakeRealtime();
    const { queryClient } = await renderApp('/', { realtime: realtime.transport });
    expect(await screen.findByRole('button', { name: /^SOS/ })).toBeInTheDocument();
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    const userId = fakeSession().user.id;
    await acceptAndSettle(realtime, queryClient, userId, 7);

    // The channel drops; an alert is raised on another phone meanwhile and its event could not be stored.
    act(() => realtime.latest().serverClose(1006));
    mock.activeRoute.body = { alerts: [activeAlert(twoContacts)] };
    await waitFor(() => expect(realtime.sockets.length).toBe(2), { timeout: 5000 });
    expect(realtime.latest().query.get('since')).toBe('7');
    act(() => {
      realtime.accept(userId, 7);
      realtime.latest().receive({ type: 'resumed', last_event_id: 7, truncated: false });
    });
    expect(await screen.findByTestId('active-alert-screen')).toBeInTheDocument();
  });

  it('opens on another device when the alert is raised and closes when it ends (realtime)', async () => {
    const mock = api([]);
    const realtime = createFakeRealtime();
    await renderApp('/', { realtime: realtime.transport });
    expect(await screen.findByRole('button', { name: /^SOS/ })).toBeInTheDocument();
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    const userId = fakeSession().user.id;

    // Raised elsewhere before this device's channel was open: re-read once it opens.
    const raised = activeAlert(twoContacts);
    mock.activeRoute.body = { alerts: [raised] };
    act(() => void realtime.accept(userId, 7));
    expect(await screen.findByTestId('active-alert-screen')).toBeInTheDocument();

    mock.activeRoute.body = { alerts: [] };
    act(() =>
      realtime.emit({
        id: 8,
        type: 'alert.resolved',
        user_id: userId,
        created_at: '2026-01-01T12:05:00.000Z',
        payload: { ...raised.alert, status: 'resolved', resolved_at: '2026-01-01T12:05:00.000Z' },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('active-alert-screen')).not.toBeInTheDocument());

    mock.activeRoute.body = { alerts: [raised] };
    act(() =>
      realtime.emit({
        id: 9,
        type: 'alert.created',
        user_id: userId,
        created_at: '2026-01-01T12:06:00.000Z',
        payload: raised.alert,
      }),
    );
    expect(await screen.findByTestId('active-alert-screen')).toBeInTheDocument();
  });

  it('shows nothing extra when no alert is active', async () => {
    api([]);
    await renderApp('/');
    expect(await screen.findByRole('button', { name: /^SOS/ })).toBeInTheDocument();
    expect(screen.queryByTestId('active-alert-screen')).not.toBeInTheDocument();
  });

  it('shares the position every 5 seconds while an alert is active', () => {
    expect(LIVE_TRACKING.activeAlertIntervalMs).toBe(5_000);
  });
});

describe('text them yourself', () => {
  it('offers the numbers the server did not reach, with the alert text, and none once all went out', () => {
    const detail = activeAlert([
      delivery({}),
      delivery({ id: '00000004-0000-4000-8000-000000000002', recipient: '+15557654321', status: 'failed' }),
      delivery({
        id: '00000004-0000-4000-8000-000000000003',
        recipient: '+15550000001',
        status: 'cancelled',
      }),
      delivery({
        id: '00000004-0000-4000-8000-000000000004',
        recipient: '+15557654321',
        purpose: 'all_clear',
      }),
    ]);
    const url = textThemYourselfUrl(detail, 'Grace Hopper');
    expect(url).toMatch(/^sms:\+15557654321\?body=/);
    expect(decodeURIComponent(url!.split('body=')[1]!)).toContain('Grace Hopper may need help');
    expect(textThemYourselfUrl(activeAlert([delivery({})]), null)).toBeNull();
  });

  describe('alerts the server raised from a journey', () => {
    function journeyAlert(triggerType: 'escort_expired' | 'checkin_missed'): AlertDetail {
      const detail = activeAlert(twoContacts);
      return { ...detail, alert: { ...detail.alert, trigger_type: triggerType } };
    }

    it("says EMERGENCY ALERT, that the escort timer ran out and where they were going, keeping I'm safe and Call 911", async () => {
      const mock = api([journeyAlert('escort_expired')]);
      mock.routes.push({
        method: 'GET',
        path: '/api/escort-sessions/active',
        body: {
          session: fakeEscort({
            status: 'expired',
            destination_address: '12 Market Street',
            alert_id: ALERT_ID,
            expired_at: '2026-01-01T12:00:00.000Z',
          }),
        },
      });
      await renderApp('/');
      const cause = await screen.findByTestId('alert-cause');
      expect(within(cause).getByRole('heading', { name: 'EMERGENCY ALERT' })).toBeInTheDocument();
      expect(cause).toHaveTextContent('Your escort timer ran out before you said you were safe.');
      await waitFor(() => expect(cause).toHaveTextContent('You were on your way to 12 Market Street.'));
      const screenEl = screen.getByTestId('active-alert-screen');
      expect(within(screenEl).getByRole('button', { name: ACTIVE_ALERT_TEXTS.imSafe })).toBeEnabled();
      expect(within(screenEl).getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    });

    it('says Check-in Expired for a missed check-in, and names no escort', async () => {
      api([journeyAlert('checkin_missed')]);
      await renderApp('/');
      const cause = await screen.findByTestId('alert-cause');
      expect(within(cause).getByRole('heading', { name: 'Check-in Expired' })).toBeInTheDocument();
      expect(cause).toHaveTextContent('A check-in was missed');
      expect(cause).not.toHaveTextContent(/escort|on your way/i);
    });

    it('says nothing of a cause for an SOS the person raised', async () => {
      api([activeAlert(twoContacts)]);
      await renderApp('/');
      await screen.findByTestId('active-alert-screen');
      expect(screen.queryByTestId('alert-cause')).not.toBeInTheDocument();
    });
  });
});
