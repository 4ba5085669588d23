import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeviceProvider, type DeviceAdapters } from '../../../lib/device/device-context';
import { browserNetwork } from '../../../lib/device/network';
import { createFakeDevice } from '../../../testing/fake-device';
import { SystemReadyCard } from './system-ready-card';

function renderCard(device: DeviceAdapters) {
  return render(
    <DeviceProvider adapters={device}>
      <SystemReadyCard />
    </DeviceProvider>,
  );
}

describe('SystemReadyCard', () => {
  it('shows the heading, GPS Active after a position, Connected and the 85% default battery', async () => {
    renderCard(createFakeDevice({ gps: true, battery: null }));
    expect(screen.getByRole('heading', { name: 'System Ready' })).toBeInTheDocument();
    expect(screen.getByText('All safety features are active')).toBeInTheDocument();
    expect(await screen.findByText('GPS Active')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByTestId('battery-status')).toHaveTextContent('85%');
    expect(screen.getByTestId('battery-icon')).not.toHaveClass('text-red-600');
  });

  it('shows GPS Off when no position comes', async () => {
    renderCard(createFakeDevice({ gps: false }));
    await act(() => Promise.resolve());
    expect(screen.getByText('GPS Off')).toBeInTheDocument();
  });

  it('asks for one position with a 5000 ms time-out', () => {
    const device = createFakeDevice();
    const spy = vi.spyOn(device.geolocation, 'getCurrentPosition');
    renderCard(device);
    expect(spy).toHaveBeenCalledWith({ timeoutMs: 5000 });
  });

  it('follows the browser offline and online events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderCard({ ...createFakeDevice(), network: browserNetwork });
    expect(screen.getByText('Connected')).toBeInTheDocument();
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
