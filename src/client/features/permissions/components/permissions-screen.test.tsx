import { act, render, screen, within } from '@testing-library/react';
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

const row = (name: string): HTMLElement => screen.getByRole('region', { name });

describe('PermissionsScreen', () => {
  it('lists what the features use, the required ones first, each with its state', async () => {
    renderScreen();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Location', 'Push Notifications', 'Camera', 'Microphone', 'Motion Sensors']);
    expect(await within(row('Location')).findByText('Not allowed yet')).toBeInTheDocument();
    for (const name of ['Location', 'Push Notifications']) {
      expect(within(row(name)).getByText('Required')).toBeInTheDocument();
    }
    for (const name of ['Camera', 'Microphone', 'Motion Sensors']) {
      expect(within(row(name)).getByText('Optional')).toBeInTheDocument();
    }
    expect(within(row('Push Notifications')).getByText('Not allowed yet')).toBeInTheDocument();
    expect(within(row('Camera')).getByText('Not allowed yet')).toBeInTheDocument();
    expect(within(row('Microphone')).getByText('Not allowed yet')).toBeInTheDocument();
  });

  it('Enable asks the browser and shows Allowed', async () => {
    const { user, device } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Enable Location' }));
    expect(within(row('Location')).getByText('Allowed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable Push Notifications' }));
    expect(within(row('Push Notifications')).getByText('Allowed')).toBeInTheDocument();
    // The required ones are allowed: nothing more to say, though Camera and Microphone are not.
    expect(screen.queryByText(/You can go on now/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable Camera' }));
    await user.click(screen.getByRole('button', { name: 'Enable Microphone' }));
    expect(within(row('Camera')).getByText('Allowed')).toBeInTheDocument();
    expect(within(row('Microphone')).getByText('Allowed')).toBeInTheDocument();
    expect(device.permissionStates).toMatchObject({ camera: 'granted', microphone: 'granted' });
  });

  it('says motion needs no permission where the browser gives readings without one', async () => {
    renderScreen();
    const motion = row('Motion Sensors');
    expect(await within(motion).findByText('No permission needed')).toBeInTheDocument();
    expect(
      within(motion).getByText('This browser gives Beacon motion readings without asking.'),
    ).toBeInTheDocument();
    expect(within(motion).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the browser has no motion sensor, with nothing to enable', async () => {
    const device = createFakeDevice();
    device.permissionStates.motion = 'unsupported';
    renderScreen(device);
    const motion = row('Motion Sensors');
    expect(await within(motion).findByText('Not available in this browser')).toBeInTheDocument();
    expect(within(motion).getByTestId('no-motion-sensor')).toHaveTextContent(
      'This browser has no motion sensor',
    );
    expect(within(motion).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for motion from the tap where the browser asks (iOS), and says how to unblock a refusal', async () => {
    const device = createFakeDevice();
    device.permissionStates.motion = 'prompt';
    device.requestResults.motion = 'denied';
    const { user } = renderScreen(device);
    await user.click(await screen.findByRole('button', { name: 'Enable Motion Sensors' }));
    const motion = row('Motion Sensors');
    expect(within(motion).getByText('Blocked')).toBeInTheDocument();
    expect(within(motion).getByTestId('blocked-help-motion')).toHaveTextContent(
      'set Motion Sensors to Allow',
    );
  });

  it('lets the person go on without every permission', async () => {
    const { user, onContinue } = renderScreen();
    expect(screen.getByText(/You can go on now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('after a refusal says it is blocked and how to allow it in the browser settings, with no dead Enable', async () => {
    const device = createFakeDevice();
    device.requestResults.location = 'denied';
    const { user } = renderScreen(device);
    await user.click(await screen.findByRole('button', { name: 'Enable Location' }));
    const location = row('Location');
    expect(within(location).getByText('Blocked')).toBeInTheDocument();
    expect(within(location).getByTestId('blocked-help-location')).toHaveTextContent(
      "open this site's settings (the icon to the left of the address bar), set Location to Allow",
    );
    expect(within(location).queryByRole('button', { name: 'Enable Location' })).not.toBeInTheDocument();
  });

  it('shows what the browser already says, and asks again when the person comes back to the tab', async () => {
    const device = createFakeDevice();
    device.permissionStates.location = 'denied';
    device.permissionStates.notifications = 'granted';
    renderScreen(device);
    expect(await within(row('Location')).findByText('Blocked')).toBeInTheDocument();
    expect(within(row('Push Notifications')).getByText('Allowed')).toBeInTheDocument();
    // Re-allowed in the browser's settings, then back to the tab.
    device.permissionStates.location = 'granted';
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(within(row('Location')).getByText('Allowed')).toBeInTheDocument();
  });

  it('only logs a failed request and keeps the item as it was', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const device = createFakeDevice();
    device.requestResults.location = new Error('blocked');
    const { user } = renderScreen(device);
    await user.click(await screen.findByRole('button', { name: 'Enable Location' }));
    expect(error).toHaveBeenCalledWith('Permission request failed: location', expect.any(Error));
    expect(within(row('Location')).getByText('Not allowed yet')).toBeInTheDocument();
  });
});
