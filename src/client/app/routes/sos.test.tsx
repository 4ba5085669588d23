import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_ALERT_TEXTS } from '#shared/sos-fallback-texts';
import { OUTBOX_RETRY, SOS, STORAGE_KEYS } from '#shared/constants';
import type { AlertDelivery, AlertDetail } from '#shared/schemas/alert';
import { ERRORS, HELD_TEXT_REASONS } from '#shared/texts';
import type { EmergencyContact } from '#shared/schemas/profile';
import { playSound } from '../../lib/sounds';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeDevice, type FakeDevice } from '../../testing/fake-device';
import { renderApp, storeSession } from '../../testing/render-app';
import { fakeAlert } from '../../testing/fake-alert';
import { alertOutboxKind } from '../../features/sos/api/alert-outbox';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { saveOfflineContacts } from '../../lib/offline-emergency-data';
import { recordSounds } from '../../testing/fake-audio';

const ada: EmergencyContact = {
  id: '1700000000000',
  name: 'Ada Byron',
  phone: '+15551234567',
  relationship: 'Family',
};
const bob: EmergencyContact = {
  id: '1700000000001',
  name: 'Bob Smith',
  phone: '+15557654321',
  relationship: 'Friend',
};

function delivery(contact: EmergencyContact, status: AlertDelivery['status']): AlertDelivery {
  return {
    id: `00000004-0000-4000-8000-${contact.id.slice(-12)}`,
    purpose: 'alert',
    channel: 'sms',
    recipient: contact.phone,
    recipient_name: contact.name,
    status,
    attempts: 1,
    last_error: status === 'sent' ? null : 'provider refused',
    next_attempt_at: null,
    sent_at: status === 'sent' ? '2026-01-01T12:00:01.000Z' : null,
  };
}

function alertDetail(statuses: AlertDelivery['status'][], message: string | null = null): AlertDetail {
  const deliveries = [ada, bob]
    .slice(0, statuses.length)
    .map((contact, index) => delivery(contact, statuses[index] ?? 'sent'));
  return {
    alert: fakeAlert(
      { message, location_lat: 51.5, location_lng: -0.12, location_accuracy: 10 },
      '2026-01-01T12:00:00.000Z',
    ),
    emergencyContacts: deliveries.length,
    deliveries,
    summary: {
      successful: deliveries.filter((entry) => entry.status === 'sent').length,
      total: deliveries.length,
    },
    responses: [],
    timeline: [],
  };
}

function routes({
  contacts = [ada, bob],
  alert = { status: 201, body: alertDetail(['sent', 'sent']) },
  soundEnabled = true,
}: {
  contacts?: EmergencyContact[];
  alert?: { status: number; body: unknown };
  soundEnabled?: boolean;
} = {}): FakeRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/profile',
      body: fakeProfile({ full_name: 'Grace Hopper', sound_enabled: soundEnabled }),
    },
    { method: 'GET', path: '/api/contacts', body: { contacts } },
    { method: 'POST', path: '/api/alerts', ...alert },
    { method: 'GET', path: '/api/alerts/00000005-0000-4000-8000-000000000001', body: alert.body },
  ];
}

type AlertPost = { key: string | null; body: Record<string, unknown> };

function alertPosts(api: ReturnType<typeof mockApi>): AlertPost[] {
  return api.fetchMock.mock.calls
    .filter(([input, init]) => String(input) === '/api/alerts' && init?.method === 'POST')
    .map(([, init]) => ({
      key: new Headers(init?.headers).get('idempotency-key'),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    }));
}

const USER_ID = '00000001-0000-4000-8000-000000000001';

/** The status panel's one calm line about an alert saved on the phone. */
const SAVED = SAVED_ALERT_TEXTS.title;

/** Red toasts on screen (sonner marks each toast with its type). */
function errorToasts(): string[] {
  return [...document.querySelectorAll('[data-sonner-toast][data-type="error"]')].map(
    (toastEl) => toastEl.textContent ?? '',
  );
}

/** The countdown dialog has let go of the page (while it is open the rest is hidden from the accessibility tree). */
async function countdownClosed(): Promise<void> {
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Emergency SOS Activation' })).not.toBeInTheDocument(),
  );
}

/** The messaging-app link the status panel offers. */
function panelSmsLink(panel: HTMLElement): string {
  return (
    within(panel).getByRole('link', { name: 'Text your contacts from your phone' }).getAttribute('href') ?? ''
  );
}

/** The alerts waiting in the device outbox (IndexedDB). */
async function storedQueue(): Promise<{ idempotencyKey: string; queuedAt: number }[]> {
  const items = await deviceOutbox.items(alertOutboxKind, USER_ID);
  return items.map((item) => ({ idempotencyKey: item.id, queuedAt: item.createdAt }));
}

async function openSosPage(api: FakeRoute[], device: FakeDevice = createFakeDevice()) {
  const mock = mockApi(api);
  const view = await renderApp('/sos', { device });
  await screen.findByRole('heading', { name: 'Emergency SOS', level: 1 });
  // The contacts are loaded (and saved offline) before anyone presses SOS.
  await screen.findByRole('link', { name: 'Call Ada Byron' });
  return { ...view, api: mock, device };
}

/** The countdown, and the moment the dialog stays open on 0 after firing. */
async function runCountdown(): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
}

async function pressSos(user: Awaited<ReturnType<typeof renderApp>>['user']): Promise<void> {
  await user.click(screen.getByRole('button', { name: /^SOS/ }));
  expect(await screen.findByRole('dialog', { name: 'Emergency SOS Activation' })).toBeInTheDocument();
}

beforeEach(() => {
  recordSounds();
  // setImmediate stays real: IndexedDB (fake-indexeddb) schedules its events with it.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  vi.mocked(playSound).mockClear();
  storeSession(fakeSession());
});

afterEach(() => {
  toast.dismiss();
});

describe('/sos page', () => {
  it('has the SOS button, Call 911, three quick messages, the contacts with call links and three instructions', async () => {
    await openSosPage(routes());
    expect(screen.getByRole('button', { name: 'SOS' })).toHaveAccessibleDescription(
      'Tap once to start a 10-second countdown that you can cancel.',
    );
    expect(screen.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    for (const message of [
      'I need help. Please call me now.',
      "I'm being followed. Please check on me.",
      "I don't feel safe. Please come to my location.",
    ]) {
      expect(screen.getByRole('button', { name: message })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Call Bob Smith' })).toHaveAttribute('href', 'tel:+15557654321');
    const instructions = screen.getByRole('heading', { name: 'How SOS works' }).parentElement as HTMLElement;
    expect(within(instructions).getAllByRole('listitem')).toHaveLength(3);
  });

  it('a single tap starts the countdown, exactly as the instructions say (no hold)', async () => {
    const { user } = await openSosPage(routes());
    expect(screen.getByText('Tap the SOS button once. A 10-second countdown starts.')).toBeInTheDocument();
    expect(screen.queryByText(/hold/i)).not.toBeInTheDocument();
    await pressSos(user);
    expect(screen.getByRole('timer', { name: 'seconds remaining' })).toHaveTextContent('10');
  });

  it('shows an offline dot and text on the button when offline', async () => {
    const device = createFakeDevice();
    await openSosPage(routes(), device);
    act(() => device.setOnline(false));
    expect(screen.getByRole('button', { name: 'SOS Offline' })).toBeInTheDocument();
    expect(screen.getByTestId('sos-offline-dot')).toBeInTheDocument();
  });

  it('sends after the countdown: one POST with location and an Idempotency-Key; Sent toast, then the active-alert screen', async () => {
    const { user, api } = await openSosPage(routes());
    await pressSos(user);
    await runCountdown();

    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    const posts = alertPosts(api);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]?.body).toEqual({
      triggerType: 'manual',
      location: { latitude: 51.5, longitude: -0.12, accuracy: 10 },
    });

    const active = await screen.findByTestId('active-alert-screen');
    expect(
      within(active).getByRole('heading', { name: 'Emergency Mode Active', level: 1 }),
    ).toBeInTheDocument();
    expect(
      within(active)
        .getAllByTestId('delivery-row')
        .map((row) => row.textContent),
    ).toEqual(['Ada Byron+15551234567Sent', 'Bob Smith+15557654321Sent']);
    expect(within(active).getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    // Sounds: nine countdown beeps, then the alert.
    expect(vi.mocked(playSound).mock.calls.map(([sound]) => sound)).toEqual([
      ...Array(9).fill('countdownBeep'),
      'emergencyAlert',
    ]);
    // An in-app notification records the outcome.
    expect(
      window.localStorage.getItem(`${STORAGE_KEYS.notifications}:00000001-0000-4000-8000-000000000001`),
    ).toContain('Emergency Alert Sent');

    // Not a banner that goes away: the screen stays until the person says they are safe.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('active-alert-screen')).toBeInTheDocument();
  });

  it('says Partial Emergency Alert Sent with how many numbers may need verification', async () => {
    const { user } = await openSosPage(
      routes({ alert: { status: 201, body: alertDetail(['sent', 'failed']) } }),
    );
    await pressSos(user);
    await runCountdown();
    expect(await screen.findByText('Partial Emergency Alert Sent')).toBeInTheDocument();
    expect(screen.getByText('1 number may need verification')).toBeInTheDocument();
    // The number that was not texted can be texted from the phone.
    expect(
      screen.getByRole('link', { name: 'Text your contacts from your phone' }).getAttribute('href'),
    ).toMatch(/^sms:\+15557654321\?body=/);
    expect(within(screen.getByTestId('active-alert-screen')).getByText('Failed')).toBeInTheDocument();
  });

  it('says which contact a cap held back and why, and offers to text them from the phone', async () => {
    const body = alertDetail(['sent', 'failed']);
    body.deliveries[1] = {
      ...body.deliveries[1]!,
      attempts: 0,
      last_error: HELD_TEXT_REASONS.number_hourly_cap,
      held_reason: 'number_hourly_cap',
    };
    const { user } = await openSosPage(routes({ alert: { status: 201, body } }));
    await pressSos(user);
    await runCountdown();
    expect(await screen.findByText('Partial Emergency Alert Sent')).toBeInTheDocument();
    const rows = within(screen.getByTestId('active-alert-screen')).getAllByTestId('delivery-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ada Byron+15551234567Sent',
      `Bob Smith+15557654321${HELD_TEXT_REASONS.number_hourly_cap}Held back`,
    ]);
    expect(
      screen.getByRole('link', { name: 'Text your contacts from your phone' }).getAttribute('href'),
    ).toMatch(/^sms:\+15557654321\?body=/);
  });

  it('says Emergency Alert Failed when no text went out', async () => {
    const { user } = await openSosPage(
      routes({ alert: { status: 201, body: alertDetail(['failed', 'failed']) } }),
    );
    await pressSos(user);
    await runCountdown();
    expect(await screen.findByText('Emergency Alert Failed')).toBeInTheDocument();
  });

  it('says a refused SOS was not sent and why, and opens the messaging app with the saved contacts', async () => {
    const { user, device, router } = await openSosPage(
      routes({
        alert: { status: 422, body: { error: 'validation_failed', message: 'The request is not valid.' } },
      }),
    );
    await pressSos(user);
    await runCountdown();

    const panel = await screen.findByTestId('unsent-alert-panel');
    await countdownClosed();
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Beacon did not send your alertThe server refused it: The request is not valid.',
    );
    expect(device.smsOpened).toHaveLength(1);
    expect(device.smsOpened[0]?.startsWith('sms:+15551234567,+15557654321?body=')).toBe(true);
    expect(panelSmsLink(panel)).toBe(device.smsOpened[0]);
    expect(decodeURIComponent(panelSmsLink(panel))).toContain('Grace Hopper may need help (SOS button).');
    // A refusal does not change on a retry: nothing is queued, and no red toast repeats the panel.
    expect(await storedQueue()).toEqual([]);
    expect(errorToasts()).toEqual([]);
    expect(window.localStorage.getItem(`${STORAGE_KEYS.notifications}:${USER_ID}`)).toContain(
      'The request is not valid.',
    );

    // Still said on the dashboard, until dismissed.
    await act(() => router.navigate('/'));
    const onDashboard = await screen.findByTestId('unsent-alert-panel');
    await user.click(within(onDashboard).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('unsent-alert-panel')).not.toBeInTheDocument();
  });

  it('a queued alert the server refuses on replay is said with its reason and a toast to text the contacts', async () => {
    await deviceOutbox.enqueue(alertOutboxKind, {
      id: 'queued-key-2',
      ownerId: USER_ID,
      createdAt: Date.now() - 5 * 60_000,
      payload: { request: { triggerType: 'manual', message: 'Help me' } },
    });
    const { user, device } = await openSosPage(
      routes({
        alert: { status: 403, body: { error: 'forbidden', message: 'This account cannot raise alerts.' } },
      }),
    );
    const panel = await screen.findByTestId('unsent-alert-panel');
    expect(panel).toHaveTextContent('The server refused it: This account cannot raise alerts.');
    expect(decodeURIComponent(panelSmsLink(panel))).toContain('Message: "Help me"');
    expect(await screen.findByText('Beacon did not send your saved alert')).toBeInTheDocument();
    // Refused minutes after the SOS: the messaging app waits for the person to ask.
    expect(device.smsOpened).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Text contacts' }));
    expect(device.smsOpened).toEqual([panelSmsLink(panel)]);
    expect(await storedQueue()).toEqual([]);
  });

  it('asks for contacts when the server answers no_emergency_contacts, whatever its wording', async () => {
    const { user } = await openSosPage(
      routes({
        alert: {
          status: 400,
          body: { error: 'no_emergency_contacts', message: 'Server wording may change.' },
        },
      }),
    );
    await pressSos(user);
    await runCountdown();
    expect(await screen.findByText(ERRORS.sosNeedsContacts)).toBeInTheDocument();
    // A failed request's toast, like every other: 'Error', then what to do.
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Server wording may change.')).not.toBeInTheDocument();
    expect(screen.queryByText('Error Sending Alert')).not.toBeInTheDocument();
    expect(await storedQueue()).toEqual([]);
  });

  it('Cancel Emergency stops it: SOS Cancelled, nothing sent', async () => {
    const { user, api } = await openSosPage(routes());
    await pressSos(user);
    await act(() => vi.advanceTimersByTimeAsync(3 * SOS.tickMs));
    await user.click(screen.getByRole('button', { name: 'Cancel Emergency' }));
    expect(await screen.findByText('SOS Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await runCountdown();
    expect(alertPosts(api)).toHaveLength(0);
  });

  it('without contacts says so and opens the add-contact dialog instead of counting down', async () => {
    mockApi(routes({ contacts: [] }));
    const { user } = await renderApp('/sos');
    expect(await screen.findByText('No emergency contacts added yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    expect(await screen.findByText('Please add emergency contacts before using SOS.')).toBeInTheDocument();
    // The dialog's code loads when it first opens (lazyDialog): it may arrive after the toast.
    expect(await screen.findByRole('dialog', { name: 'Add Emergency Contact' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Emergency SOS Activation' })).not.toBeInTheDocument();
  });

  it('is silent when the profile turns sound off', async () => {
    const { user } = await openSosPage(routes({ soundEnabled: false }));
    await waitFor(() =>
      expect(
        JSON.parse(
          window.localStorage.getItem(
            `${STORAGE_KEYS.offlineEmergencyData}:00000001-0000-4000-8000-000000000001`,
          ) ?? '{}',
        ).soundEnabled,
      ).toBe(false),
    );
    await pressSos(user);
    await runCountdown();
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    expect(playSound).not.toHaveBeenCalled();
  });
});

describe('quick messages', () => {
  it('asks first, then really sends the message to the contacts', async () => {
    const { user, api } = await openSosPage(
      routes({
        alert: { status: 201, body: alertDetail(['sent', 'sent'], 'I need help. Please call me now.') },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'I need help. Please call me now.' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this message?' });
    expect(dialog).toHaveTextContent('your 2 emergency contacts');
    expect(alertPosts(api)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    expect(alertPosts(api)).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: {
          triggerType: 'manual',
          message: 'I need help. Please call me now.',
          location: { latitude: 51.5, longitude: -0.12, accuracy: 10 },
        },
      },
    ]);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, api } = await openSosPage(routes());
    await user.click(screen.getByRole('button', { name: "I'm being followed. Please check on me." }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(alertPosts(api)).toHaveLength(0);
  });
});

describe('offline SOS', () => {
  it('opens the messaging app with every number and the message, queues the alert, and sends it once when back online', async () => {
    const device = createFakeDevice();
    const { user, api } = await openSosPage(routes(), device);
    act(() => device.setOnline(false));
    await pressSos(user);
    await runCountdown();

    // One calm, true thing, and no red toast.
    const panel = await screen.findByTestId('saved-alert-panel');
    await countdownClosed();
    expect(within(panel).getByRole('status')).toHaveTextContent(SAVED);
    expect(errorToasts()).toEqual([]);
    expect(device.smsOpened).toHaveLength(1);
    const url = device.smsOpened[0] ?? '';
    expect(panelSmsLink(panel)).toBe(url);
    expect(url.startsWith('sms:+15551234567,+15557654321?body=')).toBe(true);
    const body = decodeURIComponent(url.slice(url.indexOf('?body=') + '?body='.length));
    expect(body).toContain('Beacon SOS: Grace Hopper may need help (SOS button).');
    expect(body).toContain('https://www.google.com/maps?q=51.500000,-0.120000');
    expect(alertPosts(api)).toHaveLength(0);
    const queue = await storedQueue();
    expect(queue).toHaveLength(1);

    act(() => device.setOnline(true));
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const posts = alertPosts(api);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.key).toBe(queue[0]?.idempotencyKey);
    expect(posts[0]?.body).toMatchObject({
      triggerType: 'manual',
      location: { latitude: 51.5, longitude: -0.12 },
      raisedSecondsAgo: expect.any(Number),
    });
    expect(posts[0]?.body).not.toHaveProperty('notes');
    expect(await storedQueue()).toEqual([]);
  });

  it('falls back when the server fails (5xx) and retries later with the same key', async () => {
    const api = routes({ alert: { status: 503, body: { error: 'internal', message: 'down' } } });
    const { user, api: mock, device } = await openSosPage(api);
    await pressSos(user);
    await runCountdown();
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(errorToasts()).toEqual([]);
    expect(device.smsOpened).toHaveLength(1);
    expect(await storedQueue()).toHaveLength(1);

    const post = api.find((route) => route.method === 'POST');
    if (post) Object.assign(post, { status: 201, body: alertDetail(['sent', 'sent']) });
    // The outbox's retry rule: the first retry after a failed send comes within OUTBOX_RETRY.firstDelayMs.
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_RETRY.firstDelayMs));
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    const posts = alertPosts(mock);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(await storedQueue()).toEqual([]);
  });

  it('queues an SOS whose send hung before failing with when it was raised, and the text says that time', async () => {
    const { user, api, device } = await openSosPage(routes());
    const answer = api.fetchMock.getMockImplementation();
    if (!answer) throw new Error('mockApi installs an implementation');
    // A connection that hangs for 5 minutes, then fails (no answer at all). The hang is the scenario, on the fake
    // clock: the test moves it past the 5 minutes below.
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/alerts') return answer(input, init);
      await new Promise((resolve) => setTimeout(resolve, 5 * 60_000));
      throw new TypeError('Failed to fetch');
    });
    const pressedAt = Date.now();
    await pressSos(user);
    await runCountdown();
    const raisedBy = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();

    // Queued with when the countdown fired, not when the send gave up 5 minutes later.
    const [queued] = await storedQueue();
    const queuedAt = queued?.queuedAt ?? NaN;
    expect(queuedAt).toBeGreaterThanOrEqual(pressedAt);
    expect(queuedAt).toBeLessThanOrEqual(raisedBy);
    // The messaging app opens with the same time, not the time the send gave up.
    const url = device.smsOpened[0] ?? '';
    const body = decodeURIComponent(url.slice(url.indexOf('?body=') + '?body='.length));
    expect(body).toContain(`Time: ${new Date(queuedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  });

  it('falls back to the messaging app and the outbox when the server does not answer within the send time-out', async () => {
    const { user, api, device } = await openSosPage(routes());
    const answer = api.fetchMock.getMockImplementation();
    if (!answer) throw new Error('mockApi installs an implementation');
    // A server that accepts the request and never answers; the request ends only when the phone aborts it.
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/alerts') return answer(input, init);
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    await pressSos(user);
    await runCountdown();
    await waitFor(() => expect(alertPosts(api)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(SOS.sendTimeoutMs));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(device.smsOpened).toHaveLength(1);
    expect(await storedQueue()).toHaveLength(1);
  });

  it.each([
    ['offline', { online: false, alert: undefined }],
    [
      'when the server fails',
      { online: true, alert: { status: 500, body: { error: 'internal', message: 'x' } } },
    ],
  ] as const)(
    'on a device without a messaging app, %s, still offers the link calmly and says it may not open',
    async (_label, { online, alert }) => {
      const device = createFakeDevice();
      device.smsAvailable = false;
      const { user } = await openSosPage(routes(alert ? { alert } : {}), device);
      act(() => device.setOnline(online));
      await pressSos(user);
      await runCountdown();
      const panel = await screen.findByTestId('saved-alert-panel');
      await countdownClosed();
      expect(panel).toHaveTextContent(SAVED);
      expect(panelSmsLink(panel).startsWith('sms:+15551234567,+15557654321?body=')).toBe(true);
      expect(panel).toHaveTextContent(
        'If nothing opens, this device cannot send texts: use a phone, or call 911.',
      );
      expect(device.smsOpened).toEqual([]);
      expect(errorToasts()).toEqual([]);
      expect(await storedQueue()).toHaveLength(1);
    },
  );

  it('says no contacts are saved on this phone when there is nothing to text, without a red toast', async () => {
    const device = createFakeDevice({ online: false });
    mockApi([
      { method: 'GET', path: '/api/profile', status: 503, body: { error: 'internal', message: 'x' } },
      { method: 'GET', path: '/api/contacts', status: 503, body: { error: 'internal', message: 'x' } },
    ]);
    const { user } = await renderApp('/sos', { device });
    await pressSos(user);
    await runCountdown();
    const panel = await screen.findByTestId('saved-alert-panel');
    expect(panel).toHaveTextContent(SAVED);
    expect(panel).toHaveTextContent('No contacts are saved on this phone');
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
    expect(device.smsOpened).toEqual([]);
    expect(errorToasts()).toEqual([]);
  });

  it('sends an alert queued before a reload when the app starts online, once', async () => {
    await deviceOutbox.enqueue(alertOutboxKind, {
      id: 'queued-key-1',
      ownerId: USER_ID,
      // Raised 20 minutes ago, before the app was closed without a connection.
      createdAt: Date.now() - 20 * 60_000,
      payload: {
        request: { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12, accuracy: 10 } },
      },
    });
    const { api } = await openSosPage(routes());
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const posts = alertPosts(api);
    expect(posts.map((post) => post.key)).toEqual(['queued-key-1']);
    // The server is told how long ago it was raised, so the texts say when, not only when it arrived.
    expect(posts[0]?.body.raisedSecondsAgo).toBeGreaterThanOrEqual(20 * 60);
    expect(posts[0]?.body.raisedSecondsAgo).toBeLessThan(20 * 60 + 30);
    expect(await storedQueue()).toEqual([]);
  });

  it('moves an alert queued by the app before the outbox (local storage) into it and sends it once', async () => {
    window.localStorage.setItem(
      `${STORAGE_KEYS.legacyAlertQueue}:00000001-0000-4000-8000-000000000001`,
      JSON.stringify([
        {
          idempotencyKey: 'queued-key-1',
          userId: '00000001-0000-4000-8000-000000000001',
          // Raised 20 minutes ago, before the app was closed without a connection.
          queuedAt: new Date(Date.now() - 20 * 60_000).toISOString(),
          request: { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12, accuracy: 10 } },
        },
      ]),
    );
    const { api } = await openSosPage(routes());
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const posts = alertPosts(api);
    expect(posts.map((post) => post.key)).toEqual(['queued-key-1']);
    // The server is told how long ago it was raised, so the texts say when, not only when it arrived.
    expect(posts[0]?.body.raisedSecondsAgo).toBeGreaterThanOrEqual(20 * 60);
    expect(posts[0]?.body.raisedSecondsAgo).toBeLessThan(20 * 60 + 30);
    expect(await storedQueue()).toEqual([]);
    expect(window.localStorage.getItem(`${STORAGE_KEYS.legacyAlertQueue}:${USER_ID}`)).toBeNull();
  });
});

describe('dashboard SOS', () => {
  it('uses the same flow and opens the active-alert screen', async () => {
    const api = mockApi(routes());
    const { user } = await renderApp('/');
    await screen.findByRole('link', { name: 'Call Ada Byron' });
    await pressSos(user);
    await runCountdown();
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    expect(await screen.findByTestId('active-alert-screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^SOS/ })).not.toBeInTheDocument();
    expect(alertPosts(api)).toHaveLength(1);
  });

  it('with the whole server answering 503, still counts down, opens the messaging app with the saved contacts and queues the alert', async () => {
    // The contacts were saved on this device the last time the server answered.
    saveOfflineContacts(USER_ID, [ada, bob]);
    const down = { error: 'service_unavailable', message: 'down' };
    const api = mockApi([
      {
        method: 'GET',
        path: '/api/health',
        status: 503,
        body: { status: 'degraded', version: '1.0.0', database: 'postgres', databaseStatus: 'unavailable' },
      },
      { method: 'GET', path: '/api/profile', status: 503, body: down },
      { method: 'GET', path: '/api/contacts', status: 503, body: down },
      { method: 'POST', path: '/api/alerts', status: 503, body: down },
    ]);
    const device = createFakeDevice();
    const { user } = await renderApp('/', { device });
    expect(
      await screen.findByRole('heading', { name: "Beacon's server can't be reached" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await pressSos(user);
    await runCountdown();

    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(errorToasts()).toEqual([]);
    expect(device.smsOpened).toHaveLength(1);
    expect(device.smsOpened[0]?.startsWith('sms:+15551234567,+15557654321?body=')).toBe(true);
    expect(alertPosts(api)).toHaveLength(1);
    const queue = await storedQueue();
    expect(queue).toEqual([{ idempotencyKey: alertPosts(api)[0]?.key, queuedAt: expect.any(Number) }]);
  });

  it('offline, an empty list saved on the phone does not block the SOS: it counts down and is queued', async () => {
    // The phone last reached the server before a contact was added (on another device, say).
    saveOfflineContacts(USER_ID, []);
    const down = { error: 'service_unavailable', message: 'down' };
    const api = mockApi([
      { method: 'GET', path: '/api/profile', status: 503, body: down },
      { method: 'GET', path: '/api/contacts', status: 503, body: down },
      { method: 'POST', path: '/api/alerts', status: 503, body: down },
    ]);
    const device = createFakeDevice({ online: false });
    const { user } = await renderApp('/sos', { device });
    await pressSos(user);
    await runCountdown();

    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Emergency Contact' })).not.toBeInTheDocument();
    expect(await storedQueue()).toHaveLength(1);
    expect(alertPosts(api).length).toBeLessThanOrEqual(1);
  });

  it('without contacts opens the contacts card in add mode', async () => {
    mockApi(routes({ contacts: [] }));
    const { user } = await renderApp('/');
    expect(await screen.findByRole('button', { name: 'Add First Contact' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    expect(await screen.findByText('Please add emergency contacts before using SOS.')).toBeInTheDocument();
    // The dialog's code loads when it first opens (lazyDialog): it may arrive after the toast.
    expect(await screen.findByRole('dialog', { name: 'Add Emergency Contact' })).toBeInTheDocument();
  });
});
