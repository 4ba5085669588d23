import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOS } from '#shared/constants';
import { DEFAULT_PROTECTION_SETTINGS } from '#shared/protection';
import { PIN_PROMPT_TEXTS, SAFETY_PIN_ERRORS } from '#shared/safety-pin-texts';
import type { EmergencyContact } from '#shared/schemas/profile';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { recordSounds } from '../../testing/fake-audio';
import { createFakeDangerSensors, type FakeDangerSensors } from '../../testing/fake-danger-sensors';
import { createFakeDevice } from '../../testing/fake-device';
import { lyingStill, shaking } from '../../testing/danger-traces';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

const ada: EmergencyContact = {
  id: '1700000000000',
  name: 'Ada Byron',
  phone: '+15551234567',
  relationship: 'Family',
};
const COUNTDOWN = 'Emergency SOS Activation';
const CHECK = '/api/safety-pin/check';

function routes(pinSet: boolean): FakeRoute[] {
  return [
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/contacts', body: { contacts: [ada] } },
    {
      method: 'GET',
      path: '/api/protection-settings',
      body: {
        ...DEFAULT_PROTECTION_SETTINGS,
        enabled: true,
        loudSoundEnabled: false,
        voiceEnabled: false,
        updated_at: null,
      },
    },
    { method: 'GET', path: '/api/safety-pin', body: { safety_pin_set: pinSet } },
    {
      method: 'POST',
      path: '/api/alerts',
      status: 201,
      body: {
        alert: fakeAlert({ trigger_type: 'shake' }),
        emergencyContacts: 1,
        deliveries: [],
        summary: { successful: 0, total: 0 },
      },
    },
    { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [] } },
  ];
}

let sensors: FakeDangerSensors;

async function shakeOpensCountdown(pinSet: boolean, device = createFakeDevice()) {
  const api = mockApi(routes(pinSet));
  const view = await renderApp('/', { device: { ...device, dangerSensors: sensors } });
  await waitFor(() => expect(sensors.motionListeners()).toBe(1));
  act(() => sensors.emitMotion(lyingStill(0.2)));
  await waitFor(() => expect(api.requests.some((request) => request.path === '/api/safety-pin')).toBe(true));
  act(() => sensors.emitMotion(shaking(1)));
  const countdown = await screen.findByRole('dialog', { name: COUNTDOWN });
  return { ...view, api, countdown };
}

const alertPosts = (api: ReturnType<typeof mockApi>) =>
  api.requests.filter((request) => request.method === 'POST' && request.path === '/api/alerts');
const checks = (api: ReturnType<typeof mockApi>) =>
  api.requests.filter((request) => request.path === CHECK).map((request) => request.body);

beforeEach(() => {
  recordSounds();
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  sensors = createFakeDangerSensors();
  storeSession(fakeSession());
  markOnboardingSeenForTest();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('cancelling a detected danger with a safety PIN', () => {
  it('asks for the PIN, keeps counting past a wrong one, and cancels once the server accepts it', async () => {
    const { api, user, countdown } = await shakeOpensCountdown(true);
    api.routes.push({
      method: 'POST',
      path: CHECK,
      status: 403,
      body: { error: 'pin_wrong', message: SAFETY_PIN_ERRORS.pinWrong },
    });
    await user.click(within(countdown).getByRole('button', { name: 'Cancel Emergency' }));
    const prompt = await screen.findByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title });
    await user.type(within(prompt).getByLabelText(PIN_PROMPT_TEXTS.label), '0000');
    await user.click(within(prompt).getByRole('button', { name: PIN_PROMPT_TEXTS.confirm }));
    expect(await within(prompt).findByText(SAFETY_PIN_ERRORS.pinWrong)).toBeInTheDocument();
    // The countdown still runs behind the question (hidden from the accessibility tree while it is asked).
    expect(screen.getByTestId('sos-countdown')).toBeInTheDocument();
    expect(alertPosts(api)).toEqual([]);

    api.routes.splice(api.routes.length - 1, 1, { method: 'POST', path: CHECK, body: { ok: true } });
    const field = within(prompt).getByLabelText(PIN_PROMPT_TEXTS.label);
    await user.clear(field);
    await user.type(field, '4827');
    await user.click(within(prompt).getByRole('button', { name: PIN_PROMPT_TEXTS.confirm }));
    await waitFor(() => expect(screen.queryByTestId('sos-countdown')).not.toBeInTheDocument());
    expect(checks(api)).toEqual([{ pin: '0000' }, { pin: '4827' }]);
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    expect(alertPosts(api)).toEqual([]);
  });

  it('sends the SOS when the countdown runs out while the PIN is asked', async () => {
    const { api, user, countdown } = await shakeOpensCountdown(true);
    await user.click(within(countdown).getByRole('button', { name: 'Cancel Emergency' }));
    await screen.findByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title });
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    await waitFor(() => expect(alertPosts(api)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title })).not.toBeInTheDocument(),
    );
  });

  it('without a connection a PIN cancels the countdown, and is checked once the phone is online again', async () => {
    const device = createFakeDevice();
    const { api, user, countdown } = await shakeOpensCountdown(true, device);
    const answer = api.fetchMock.getMockImplementation()!;
    let unreachable = 0;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === CHECK && !device.network.isOnline()) {
        unreachable += 1;
        throw new TypeError('Failed to fetch');
      }
      return answer(input, init);
    });
    api.routes.push({ method: 'POST', path: CHECK, body: { ok: true } });
    act(() => device.setOnline(false));
    await user.click(within(countdown).getByRole('button', { name: 'Cancel Emergency' }));
    const prompt = await screen.findByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title });
    await user.type(within(prompt).getByLabelText(PIN_PROMPT_TEXTS.label), '19385');
    await user.click(within(prompt).getByRole('button', { name: PIN_PROMPT_TEXTS.confirm }));
    await waitFor(() => expect(screen.queryByTestId('sos-countdown')).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    expect(alertPosts(api)).toEqual([]);
    expect(unreachable).toBe(1);
    expect(checks(api)).toEqual([]);

    act(() => device.setOnline(true));
    await waitFor(() => expect(checks(api)).toEqual([{ pin: '19385' }]));
  });

  it('cancels without asking when the person has no PIN', async () => {
    const { api, user, countdown } = await shakeOpensCountdown(false);
    await user.click(within(countdown).getByRole('button', { name: 'Cancel Emergency' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: COUNTDOWN })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title })).not.toBeInTheDocument();
    expect(checks(api)).toEqual([]);
  });
});
