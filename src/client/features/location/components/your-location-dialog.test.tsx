import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCATION_DIALOG } from '#shared/constants';
import { DeviceProvider } from '../../../lib/device/device-context';
import { GEOLOCATION_UNSUPPORTED, type Position } from '../../../lib/device/geolocation';
import { createFakeDevice } from '../../../testing/fake-device';
import { YourLocationDialog } from './your-location-dialog';

type Request = { timeoutMs: number; resolve: (position: Position) => void; reject: (error: unknown) => void };

/** A device whose position requests wait until the test answers them. */
function setup() {
  const requests: Request[] = [];
  const device = createFakeDevice();
  device.geolocation.getCurrentPosition = ({ timeoutMs }) =>
    new Promise<Position>((resolve, reject) => requests.push({ timeoutMs, resolve, reject }));
  render(
    <DeviceProvider adapters={device}>
      <YourLocationDialog open onOpenChange={() => undefined} />
    </DeviceProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Your Location' });
  return { requests, dialog, user: userEvent.setup() };
}

const readout = () => screen.getByTestId('location-readout');

describe('the Your Location dialog', () => {
  it('says the location is unknown until there is a fix (never a made-up position)', () => {
    const { dialog } = setup();
    expect(within(dialog).getByTestId('location-unknown')).toHaveTextContent('Location unknown');
    expect(screen.queryByTestId('location-readout')).not.toBeInTheDocument();
  });

  it('takes a first fix, then keeps a more accurate refinement, 6 decimals and metres', async () => {
    const { requests, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Get Current Location' }));
    expect(screen.getByRole('button', { name: 'Getting Precise Location...' })).toBeDisabled();
    expect(requests[0]?.timeoutMs).toBe(LOCATION_DIALOG.firstFixTimeoutMs);

    await act(async () => requests[0]?.resolve({ latitude: 51.50071234, longitude: -0.1246, accuracy: 240 }));
    expect(readout()).toHaveTextContent('51.500712');
    expect(readout()).toHaveTextContent('-0.124600');
    expect(readout()).toHaveTextContent('±240 m');
    expect(screen.getByText(/For better accuracy, be outdoors with a clear sky view\./)).toBeInTheDocument();
    // Still refining.
    expect(screen.getByRole('button', { name: 'Getting Precise Location...' })).toBeInTheDocument();
    expect(requests[1]?.timeoutMs).toBe(LOCATION_DIALOG.refinementTimeoutMs);

    await act(async () => requests[1]?.resolve({ latitude: 51.5007, longitude: -0.12461, accuracy: 8 }));
    expect(readout()).toHaveTextContent('51.500700');
    expect(readout()).toHaveTextContent('±8 m');
    expect(screen.queryByText(/clear sky view/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Current Location' })).toBeEnabled();
    expect(await screen.findByRole('region', { name: 'Map of your current location' })).toBeInTheDocument();
  });

  it('keeps the first fix when the refinement is worse or fails', async () => {
    const { requests, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Get Current Location' }));
    await act(async () => requests[0]?.resolve({ latitude: 1, longitude: 2, accuracy: 30 }));
    await act(async () => requests[1]?.resolve({ latitude: 5, longitude: 6, accuracy: 90 }));
    expect(readout()).toHaveTextContent('1.000000');
    expect(readout()).toHaveTextContent('±30 m');

    await user.click(screen.getByRole('button', { name: 'Get Current Location' }));
    await act(async () => requests[2]?.resolve({ latitude: 3, longitude: 4, accuracy: 20 }));
    await act(async () => requests[3]?.reject(Object.assign(new Error('timeout'), { code: 3 })));
    expect(readout()).toHaveTextContent('3.000000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [1, 'Location access denied. Please enable location permissions and try again.'],
    [2, 'Location information unavailable. Try moving to an area with better GPS signal.'],
    [3, 'Location request timed out. Please try again.'],
    [GEOLOCATION_UNSUPPORTED, 'Geolocation is not supported by this browser.'],
    [undefined, 'Failed to get location.'],
  ])(
    'a failed first fix (code %s) says why in the product’s words and shows no position',
    async (code, message) => {
      const { requests, user } = setup();
      await user.click(screen.getByRole('button', { name: 'Get Current Location' }));
      await act(async () => requests[0]?.reject(Object.assign(new Error('failed'), { code })));
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByTestId('location-unknown')).toHaveTextContent('Location unknown');
      expect(screen.queryByTestId('location-readout')).not.toBeInTheDocument();
    },
  );
});
