import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeviceProvider } from '../../../lib/device/device-context';
import { createFakeDevice, type FakeDevice } from '../../../testing/fake-device';
import { PermissionsScreen } from './permissions-screen';

function renderScreen(device: FakeDevice = createFakeDevice()) {
  const onContinue = vi.fn();
  render(
    <DeviceProvider adapters={device}>
      <PermissionsScreen onContinue={onContinue} />
    </DeviceProvider>,
  );
  return { onContinue, user: userEvent.setup(), device };
}

describe('PermissionsScreen', () => {
  it('enables Continue only when Location and Push Notifications are granted', async () => {
    const { user, onContinue } = renderScreen();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Enable Location' }));
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enable Push Notifications' }));
    expect(continueButton).toBeEnabled();
    // Camera is optional and still not granted.
    expect(screen.getByRole('button', { name: 'Enable Camera' })).toBeInTheDocument();

    await user.click(continueButton);
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('shows permissions the browser already granted', async () => {
    const device = createFakeDevice();
    device.permissionStates.location = 'granted';
    device.permissionStates.notifications = 'granted';
    renderScreen(device);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(screen.getAllByText('Granted')).toHaveLength(2);
  });

  it('only logs a failed or denied request and keeps the item not granted', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const device = createFakeDevice();
    device.requestResults.location = new Error('blocked');
    device.requestResults.notifications = 'denied';
    const { user } = renderScreen(device);
    await user.click(screen.getByRole('button', { name: 'Enable Location' }));
    await user.click(screen.getByRole('button', { name: 'Enable Push Notifications' }));
    expect(error).toHaveBeenCalledWith('Permission request failed: location', expect.any(Error));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.queryByText('Granted')).not.toBeInTheDocument();
  });
});
