import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DeviceProvider, type DeviceAdapters } from '../../../lib/device/device-context';
import { browserNetwork } from '../../../lib/device/network';
import { createFakeDevice } from '../../../testing/fake-device';
import type { NotificationsState } from '../utils/readiness';
import { SystemReadyCard, type SystemReadyCardProps } from './system-ready-card';

function renderCard(
  device: DeviceAdapters,
  props: Partial<SystemReadyCardProps> & { notificationsState?: NotificationsState } = {},
) {
  const onAddContact = vi.fn();
  const enableNotifications = vi.fn();
  const { notificationsState = 'on', ...rest } = props;
  const element = (
    <DeviceProvider adapters={device}>
      <SystemReadyCard
        contactCount={2}
        onAddContact={onAddContact}
        notifications={{ state: notificationsState, busy: false, enable: enableNotifications }}
        {...rest}
      />
    </DeviceProvider>
  );
  const router = createMemoryRouter([{ path: '*', element }]);
  return { ...render(<RouterProvider router={router} />), onAddContact, enableNotifications, router };
}

const heading = (): HTMLElement => screen.getByRole('heading', { level: 2 });

describe('SystemReadyCard', () => {
  it('says System Ready only when contacts, location and notifications are there and the battery is fine', async () => {
    renderCard(createFakeDevice({ gps: true, battery: 0.9 }));
    expect(await screen.findByText('GPS Active')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('System Ready');
    expect(screen.getByText('All safety features are active')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.queryByTestId('readiness-gaps')).not.toBeInTheDocument();
  });

  it('does not say ready while the contacts are still unknown', async () => {
    renderCard(createFakeDevice({ gps: true }), { contactCount: undefined });
    await screen.findByText('GPS Active');
    expect(heading()).toHaveTextContent('Checking…');
  });

  it('without contacts says what is missing, with Add a contact opening the dialog', async () => {
    const user = userEvent.setup();
    const { onAddContact } = renderCard(createFakeDevice({ gps: true }), { contactCount: 0 });
    await screen.findByText('GPS Active');
    expect(heading()).toHaveTextContent('Not Ready Yet');
    expect(
      screen.getByText('1 thing needs your attention before an SOS can do its job.'),
    ).toBeInTheDocument();
    const gap = screen.getByTestId('gap-contacts');
    expect(gap).toHaveTextContent('No emergency contacts: an SOS has nobody to text.');
    await user.click(within(gap).getByRole('button', { name: 'Add a contact' }));
    expect(onAddContact).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('System Ready')).not.toBeInTheDocument();
  });

  it('location not yet allowed: Allow location asks the browser, and the card turns ready', async () => {
    const user = userEvent.setup();
    const device = createFakeDevice({ gps: false });
    device.permissionStates.location = 'prompt';
    renderCard(device);
    const gap = await screen.findByTestId('gap-location');
    expect(gap).toHaveTextContent('Location is not allowed');
    await user.click(within(gap).getByRole('button', { name: 'Allow location' }));
    expect(await screen.findByText('GPS Active')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('System Ready');
  });

  it('location allowed but no GPS position: not ready (GPS Off), with Try again', async () => {
    const user = userEvent.setup();
    const device = createFakeDevice({ gps: false });
    device.permissionStates.location = 'granted';
    renderCard(device);
    const gap = await screen.findByTestId('gap-location');
    expect(gap).toHaveTextContent('No GPS position yet');
    expect(screen.getByText('GPS Off')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Not Ready Yet');
    await user.click(within(gap).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('GPS Active')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('System Ready');
  });

  it('location blocked: links to the permissions screen that explains how to unblock it', async () => {
    const device = createFakeDevice({ gps: false });
    device.permissionStates.location = 'denied';
    renderCard(device);
    const gap = await screen.findByTestId('gap-location');
    expect(gap).toHaveTextContent('Location is blocked in this browser');
    expect(within(gap).getByRole('link', { name: 'How to unblock location' })).toHaveAttribute(
      'href',
      '/permissions',
    );
  });

  it('notifications off, low battery and no connection each count, with a count-aware summary', async () => {
    const user = userEvent.setup();
    const device = createFakeDevice({ gps: true, battery: 0.15, online: false });
    const { enableNotifications } = renderCard(device, { notificationsState: 'off' });
    expect(await screen.findByText('15%')).toBeInTheDocument();
    expect(
      screen.getByText('3 things need your attention before an SOS can do its job.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('gap-battery')).toHaveTextContent('Battery at 15%: charge your phone');
    expect(screen.getByTestId('gap-offline')).toHaveTextContent('No connection');
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(enableNotifications).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('battery-icon')).toHaveClass('text-red-600');
  });

  it('keeps Server Unreachable while the server fails, whatever else is missing', async () => {
    renderCard(createFakeDevice({ gps: true }), { server: 'unreachable', contactCount: 0 });
    await screen.findByText('GPS Active');
    expect(heading()).toHaveTextContent('Server Unreachable');
    expect(screen.getByText('No Server')).toBeInTheDocument();
  });

  it('says Checking…, never Connected or System Ready, while it is not known whether the server answers', async () => {
    renderCard(createFakeDevice({ gps: true, battery: 0.9 }), { server: 'checking' });
    await screen.findByText('GPS Active');
    expect(heading()).toHaveTextContent('Checking…');
    expect(screen.getByTestId('network-status')).toHaveTextContent('Checking…');
    expect(screen.getByTestId('network-status')).toHaveAttribute('data-ok', 'false');
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
  });

  it('shows the battery as unknown, not a guessed number, without a battery interface', async () => {
    renderCard(createFakeDevice({ gps: true, battery: null }));
    await screen.findByText('GPS Active');
    expect(screen.getByTestId('battery-status')).toHaveTextContent('Unknown');
  });

  it('asks for one position with a 5000 ms time-out', () => {
    const device = createFakeDevice();
    const spy = vi.spyOn(device.geolocation, 'getCurrentPosition');
    renderCard(device);
    expect(spy).toHaveBeenCalledWith({ timeoutMs: 5000 });
  });

  it('follows the browser offline and online events', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderCard({ ...createFakeDevice(), network: browserNetwork });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('Offline')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('rounds the battery level and turns the icon reddish at 20% or below', async () => {
    const device = createFakeDevice({ battery: 0.456 });
    renderCard(device);
    expect(await screen.findByText('46%')).toBeInTheDocument();
    expect(screen.getByTestId('battery-icon')).not.toHaveClass('text-red-600');

    act(() => device.setBatteryLevel(0.2));
    expect(screen.getByText('20%')).toBeInTheDocument();
    expect(screen.getByTestId('battery-icon')).toHaveClass('text-red-600');
    expect(screen.getByTestId('battery-status')).toHaveAttribute('data-low', 'true');

    act(() => device.setBatteryLevel(0.21));
    expect(screen.getByTestId('battery-icon')).not.toHaveClass('text-red-600');
  });
});
