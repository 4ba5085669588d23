import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTECTION_SETTINGS, type ProtectionSettings } from '#shared/protection';
import type { ProtectionSettingsResponse } from '#shared/schemas/protection';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeDangerSensors, type FakeDangerSensors } from '../../testing/fake-danger-sensors';
import { createFakeDevice } from '../../testing/fake-device';
import { lyingStill } from '../../testing/danger-traces';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

type Server = { settings: ProtectionSettingsResponse; patches: unknown[]; refuse: boolean };

/**
 * The app with a fake server that keeps the person's protection settings (PATCH merges and answers the result)
 * and the fake sensors; opens the AI Protection System dialog from the quick actions.
 */
async function openDialog(settings: Partial<ProtectionSettings>, sensors: FakeDangerSensors) {
  const server: Server = {
    settings: { ...DEFAULT_PROTECTION_SETTINGS, updated_at: null, ...settings },
    patches: [],
    refuse: false,
  };
  const routes: FakeRoute[] = [
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/contacts', body: { contacts: [] } },
    { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [] } },
  ];
  const api = mockApi(routes);
  const answer = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/protection-settings') {
      if (init?.method === 'PATCH') {
        const patch = JSON.parse(String(init.body)) as Partial<ProtectionSettings>;
        server.patches.push(patch);
        if (server.refuse) {
          return Response.json({ error: 'internal', message: 'Something went wrong' }, { status: 500 });
        }
        server.settings = { ...server.settings, ...patch, updated_at: new Date().toISOString() };
      }
      return Response.json(server.settings);
    }
    return answer!(input, init);
  });
  storeSession(fakeSession());
  markOnboardingSeenForTest();
  const view = await renderApp('/', { device: { ...createFakeDevice(), dangerSensors: sensors } });
  const grid = await screen.findByTestId('quick-action-grid', undefined, { timeout: 5000 });
  await view.user.click(within(grid).getByRole('button', { name: 'AI Protection' }));
  const dialog = await screen.findByRole('dialog', { name: 'AI Protection System' });
  await within(dialog).findByRole('switch', { name: 'Emergency Protection' });
  return { ...view, dialog, server };
}

const badge = (dialog: HTMLElement) => within(dialog).getByTestId('protection-level');

function toasts(): string[] {
  return [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent ?? '');
}

describe('the AI Protection System dialog', () => {
  it('turns protection on: saved, started in the tap, and the badge follows what runs', async () => {
    const sensors = createFakeDangerSensors();
    const { dialog, server, user } = await openDialog({ enabled: false }, sensors);
    expect(badge(dialog)).toHaveTextContent('No Protection');
    for (const detector of ['shake', 'loudSound', 'voice']) {
      expect(within(dialog).getByTestId(`detector-${detector}`)).toHaveTextContent('Off');
    }

    await user.click(within(dialog).getByRole('switch', { name: 'Emergency Protection' }));
    expect(within(dialog).getByRole('switch', { name: 'Emergency Protection' })).toBeChecked();
    // Motion listens at once, inside the tap; it runs with its first reading.
    expect(sensors.motionListeners()).toBe(1);
    await waitFor(() => expect(server.patches).toEqual([{ enabled: true }]));
    await waitFor(() =>
      expect(within(dialog).getByTestId('detector-voice')).toHaveAttribute('data-state', 'running'),
    );
    expect(badge(dialog)).toHaveTextContent('Protection Active');
    act(() => sensors.emitMotion(lyingStill(0.2)));
    expect(badge(dialog)).toHaveTextContent('Maximum Protection Active');
    expect(within(dialog).getByTestId('detector-shake')).toHaveTextContent('Listening for a shake.');
    await waitFor(() => expect(toasts().join()).toContain('Emergency Protection is on'));

    // Voice off: shake with its permission still runs.
    await user.click(within(dialog).getByRole('switch', { name: 'Voice Activation' }));
    expect(badge(dialog)).toHaveTextContent('Protection Active');
    expect(sensors.speechListening()).toBe(false);
    await waitFor(() => expect(server.patches).toContainEqual({ voiceEnabled: false }));
  });

  it('says Detection Failed when neither motion nor sound could be set up', async () => {
    const sensors = createFakeDangerSensors();
    sensors.motionPermission = 'unsupported';
    sensors.soundOutcome = 'refused';
    const { dialog, user } = await openDialog({ enabled: false, voiceEnabled: false }, sensors);
    await user.click(within(dialog).getByRole('switch', { name: 'Emergency Protection' }));
    await waitFor(() => expect(toasts().join()).toContain('Detection Failed'));
    expect(toasts().join()).toContain('Could not access device sensors');
    expect(badge(dialog)).toHaveTextContent('No Protection');
    expect(within(dialog).getByTestId('detector-loudSound')).toHaveTextContent(
      "Microphone access is blocked. Allow the microphone for Beacon in your browser's site settings",
    );
  });

  it('on iOS offers Enable Motion Detection: Limited Protection until the person allows motion', async () => {
    const sensors = createFakeDangerSensors();
    sensors.motionPermission = 'prompt';
    sensors.motionAnswer = 'reject';
    const { dialog, user } = await openDialog(
      { enabled: true, loudSoundEnabled: false, voiceEnabled: false },
      sensors,
    );
    await waitFor(() => expect(badge(dialog)).toHaveTextContent('Limited Protection'));
    expect(within(dialog).getByTestId('detector-shake')).toHaveTextContent(
      'Needs your permission: tap Enable Motion Detection.',
    );

    sensors.motionAnswer = 'denied';
    await user.click(within(dialog).getByRole('button', { name: 'Enable Motion Detection' }));
    await waitFor(() => expect(toasts().join()).toContain('Motion Permission Denied'));
    expect(within(dialog).getByTestId('detector-shake')).toHaveAttribute('data-state', 'refused');
    expect(badge(dialog)).toHaveTextContent('Limited Protection');
  });

  it('Enable Motion Detection starts shake detection when allowed', async () => {
    const sensors = createFakeDangerSensors();
    sensors.motionPermission = 'prompt';
    sensors.motionAnswer = 'reject';
    const { dialog, user } = await openDialog({ enabled: true, voiceEnabled: false }, sensors);
    const button = await within(dialog).findByRole('button', { name: 'Enable Motion Detection' });
    sensors.motionAnswer = 'granted';
    await user.click(button);
    await waitFor(() => expect(sensors.motionListeners()).toBe(1));
    act(() => sensors.emitMotion(lyingStill(0.2)));
    expect(within(dialog).getByTestId('detector-shake')).toHaveAttribute('data-state', 'running');
    expect(within(dialog).queryByRole('button', { name: 'Enable Motion Detection' })).not.toBeInTheDocument();
  });

  it('edits keywords by the rules: trimmed, lower-cased, unique, never empty (Add is disabled then)', async () => {
    const sensors = createFakeDangerSensors();
    const { dialog, server, user } = await openDialog({ keywords: ['help me', 'danger'] }, sensors);
    const list = within(dialog).getByTestId('keyword-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['help me', 'danger']);
    const input = within(dialog).getByRole('textbox', { name: 'New keyword' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(input, '   ');
    expect(add).toBeDisabled();

    await user.clear(input);
    await user.type(input, '  Stay   AWAY ');
    expect(add).toBeEnabled();
    await user.click(add);
    await waitFor(() => expect(server.patches).toEqual([{ keywords: ['help me', 'danger', 'stay away'] }]));
    expect(within(list).getByText('stay away')).toBeInTheDocument();
    expect(input).toHaveValue('');

    await user.type(input, 'HELP ME{Enter}');
    expect(await within(dialog).findByText('Each keyword may appear only once')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(server.patches).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Remove keyword danger' }));
    await waitFor(() => expect(server.patches).toContainEqual({ keywords: ['help me', 'stay away'] }));
    expect(within(list).queryByText('danger')).not.toBeInTheDocument();
  });

  it('saves the sliders when moved, within their ranges', async () => {
    const sensors = createFakeDangerSensors();
    const { dialog, server, user } = await openDialog({}, sensors);
    const sensitivity = within(dialog).getByRole('slider', { name: 'Shake Detection sensitivity' });
    expect(sensitivity).toHaveAttribute('aria-valuemin', '5');
    expect(sensitivity).toHaveAttribute('aria-valuemax', '25');
    expect(sensitivity).toHaveAttribute('aria-valuenow', '8');
    sensitivity.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(server.patches).toEqual([{ motionThreshold: 9 }]));
    expect(sensitivity).toHaveAttribute('aria-valuetext', '9 m/s²');

    const accuracy = within(dialog).getByRole('slider', { name: 'Recognition Accuracy' });
    expect(accuracy).toHaveAttribute('aria-valuemin', '0.3');
    expect(accuracy).toHaveAttribute('aria-valuemax', '1');
    accuracy.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(server.patches).toContainEqual({ recognitionAccuracy: 0.7 }));
    expect(accuracy).toHaveAttribute('aria-valuetext', '70%');
  });

  it('goes back, with an Error toast, when the server refuses a change', async () => {
    const sensors = createFakeDangerSensors();
    const { dialog, server, user } = await openDialog({ enabled: false }, sensors);
    server.refuse = true;
    await user.click(within(dialog).getByRole('switch', { name: 'Emergency Protection' }));
    await waitFor(() => expect(toasts().join()).toContain('Error'));
    await waitFor(() =>
      expect(within(dialog).getByRole('switch', { name: 'Emergency Protection' })).not.toBeChecked(),
    );
    // And this phone stops what it started in the tap.
    await waitFor(() => expect(sensors.motionListeners()).toBe(0));
    expect(badge(dialog)).toHaveTextContent('No Protection');
  });

  it('keeps the screen on when the person chooses it, and says when the browser cannot', async () => {
    const sensors = createFakeDangerSensors();
    sensors.wakeLockAnswer = 'unsupported';
    const { dialog, user } = await openDialog({ enabled: true }, sensors);
    await user.click(within(dialog).getByRole('switch', { name: 'Keep the screen on' }));
    expect(within(dialog).getByTestId('wake-lock-state')).toHaveTextContent(
      'This browser cannot keep the screen on: keep it awake yourself.',
    );
  });
});
