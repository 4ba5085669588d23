import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, mockApi } from '../../../testing/fake-api';
import { createFakeDevice } from '../../../testing/fake-device';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { PushOptInCard } from './push-opt-in-card';

const VAPID = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function setup() {
  storeSession(fakeSession());
  const api = mockApi([
    { method: 'GET', path: '/api/push/vapid-public-key', body: { publicKey: VAPID } },
    { method: 'POST', path: '/api/push/subscriptions', status: 204 },
    { method: 'DELETE', path: '/api/push/subscriptions', status: 204 },
  ]);
  const device = createFakeDevice();
  const rendered = renderWithProviders(<PushOptInCard />, { device });
  return { api, device, ...rendered };
}

describe('Get alerts when Beacon is closed', () => {
  it('asks for permission, subscribes with the VAPID key and registers the subscription; off removes it', async () => {
    const { api, device, user } = setup();
    const toggle = await screen.findByRole('switch', { name: 'Get alerts when Beacon is closed' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(device.pushState.permission).toBe('granted');
    const saved = api.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/push/subscriptions',
    );
    expect(saved?.body).toEqual({
      endpoint: 'https://push.example.test/subscription-1',
      keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret123' },
    });

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    const removed = api.requests.find((request) => request.method === 'DELETE');
    expect(removed?.body).toEqual({ endpoint: 'https://push.example.test/subscription-1' });
    expect(device.pushState.subscription).toBeNull();
  });

  it('stays off and says why when notifications are blocked', async () => {
    const { device, user } = setup();
    device.pushState.requestResult = 'denied';
    const toggle = await screen.findByRole('switch', { name: 'Get alerts when Beacon is closed' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findAllByText(/Notifications are blocked for Beacon/)).not.toHaveLength(0);
    expect(toggle).not.toBeChecked();
    expect(device.pushState.subscription).toBeNull();
  });

  it('is disabled where the browser has no Web Push', async () => {
    storeSession(fakeSession());
    mockApi();
    const device = createFakeDevice();
    device.pushState.supported = false;
    renderWithProviders(<PushOptInCard />, { device });
    expect(await screen.findByRole('switch', { name: 'Get alerts when Beacon is closed' })).toBeDisabled();
    expect(screen.getByText(/cannot show notifications while Beacon is closed/)).toBeInTheDocument();
  });
});
