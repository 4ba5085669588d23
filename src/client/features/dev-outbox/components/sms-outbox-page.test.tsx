import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DevSmsMessage } from '#shared/schemas/dev-sms';
import { fakeProfile, fakeSession, mockApi } from '../../../testing/fake-api';
import { renderApp, renderWithProviders, storeSession } from '../../../testing/render-app';
import { SmsOutboxPage } from './sms-outbox-page';

function message(id: string, to: string, body: string, createdAt: string): DevSmsMessage {
  return {
    id,
    channel: 'sms',
    to,
    body,
    user_id: '00000001-0000-4000-8000-000000000001',
    status: 'kept',
    error: null,
    created_at: createdAt,
  };
}

const older = message(
  '00000011-0000-4000-8000-000000000001',
  '+15551234567',
  'Beacon SOS: Grace may need help.',
  '2026-01-01T12:00:00.000Z',
);
const newer = message(
  '00000011-0000-4000-8000-000000000002',
  '+15557654321',
  'Beacon SOS: Grace may need help again.',
  '2026-01-01T13:00:00.000Z',
);

describe('SmsOutboxPage', () => {
  it('lists the texts newest first with recipient, body and time, and refreshes', async () => {
    const route = { method: 'GET', path: '/api/dev/sms-outbox', body: { messages: [older, newer] } };
    const api = mockApi([route]);
    const { user } = renderWithProviders(<SmsOutboxPage homePath="/" />);
    expect(await screen.findByRole('heading', { name: 'Sent texts (dev outbox)' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('outbox-message');
    expect(items.map((item) => within(item).getByText(/^\+1/).textContent)).toEqual([
      '+15557654321',
      '+15551234567',
    ]);
    expect(
      within(items[0] as HTMLElement).getByText('Beacon SOS: Grace may need help again.'),
    ).toBeInTheDocument();
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', newer.created_at);

    route.body = { messages: [] };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No texts sent yet')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === '/api/dev/sms-outbox')).toHaveLength(2);
  });

  it('shows a failed text with its reason, and makes the links in texts clickable', async () => {
    const failed: DevSmsMessage = {
      ...message(
        '00000011-0000-4000-8000-000000000003',
        '+12015550000',
        'Beacon SOS: Grace may need help.\nLive location: http://127.0.0.1:3000/track/abc',
        '2026-01-01T14:00:00.000Z',
      ),
      status: 'failed',
      error: 'Number unreachable (dev outbox test number)',
    };
    mockApi([{ method: 'GET', path: '/api/dev/sms-outbox', body: { messages: [failed, older] } }]);
    renderWithProviders(<SmsOutboxPage homePath="/" />);
    const [first, second] = await screen.findAllByTestId('outbox-message');
    expect(within(first as HTMLElement).getByText('Failed: not sent')).toBeInTheDocument();
    expect(
      within(first as HTMLElement).getByText('Reason: Number unreachable (dev outbox test number)'),
    ).toBeInTheDocument();
    expect(
      within(first as HTMLElement).getByRole('link', { name: 'http://127.0.0.1:3000/track/abc' }),
    ).toHaveAttribute('href', 'http://127.0.0.1:3000/track/abc');
    expect(within(second as HTMLElement).getByText('Kept here, not sent')).toBeInTheDocument();
  });

  it('shows a kept call as a call, with the words it would have said', async () => {
    const call: DevSmsMessage = {
      ...message(
        '00000011-0000-4000-8000-000000000004',
        '+15551234567',
        'Emergency alert from Grace. Nobody has answered yet.',
        '2026-01-01T15:00:00.000Z',
      ),
      channel: 'voice',
    };
    mockApi([{ method: 'GET', path: '/api/dev/sms-outbox', body: { messages: [call, older] } }]);
    renderWithProviders(<SmsOutboxPage homePath="/" />);
    const [first, second] = await screen.findAllByTestId('outbox-message');
    expect(within(first as HTMLElement).getByText('Call')).toBeInTheDocument();
    expect(first).toHaveTextContent('Would say: Emergency alert from Grace. Nobody has answered yet.');
    expect(within(first as HTMLElement).getByText('Kept here, not sent')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText('Call')).not.toBeInTheDocument();
  });

  it('says why there is no outbox when the server answers 404 (a real provider, or not this machine)', async () => {
    mockApi([]);
    renderWithProviders(<SmsOutboxPage homePath="/" />);
    expect(
      await screen.findByText(
        'No dev outbox here: either a real SMS provider sends the texts, or this device is not the computer running Beacon.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });
});

describe('the dev outbox link in Settings > About', () => {
  const profileRoute = { method: 'GET', path: '/api/profile', body: fakeProfile() };

  it('appears when the outbox exists and leads to /outbox', async () => {
    storeSession(fakeSession());
    mockApi([profileRoute, { method: 'GET', path: '/api/dev/sms-outbox', body: { messages: [newer] } }]);
    const { router, user } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^About/ }));
    await user.click(await screen.findByRole('button', { name: 'Sent texts (dev outbox)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/outbox'));
    expect(await screen.findByText('Beacon SOS: Grace may need help again.')).toBeInTheDocument();
  });

  it('is absent when a real SMS provider is configured', async () => {
    storeSession(fakeSession());
    const api = mockApi([profileRoute]);
    const { user } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^About/ }));
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/api/dev/sms-outbox')).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sent texts (dev outbox)' })).not.toBeInTheDocument();
  });
});
