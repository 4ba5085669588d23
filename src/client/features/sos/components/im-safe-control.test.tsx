import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIVE_ALERT_TEXTS } from '#shared/active-alert-texts';
import { PIN_PROMPT_TEXTS, SAFETY_PIN_ERRORS, SAFETY_PIN_VALIDATION } from '#shared/safety-pin-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import { mockApi } from '../../../testing/fake-api';
import { fakeAlert } from '../../../testing/fake-alert';
import { renderWithProviders } from '../../../testing/render-app';
import { ImSafeControl } from './im-safe-control';

const ALERT_ID = '00000005-0000-4000-8000-000000000001';
const RESOLVE = `/api/alerts/${ALERT_ID}/resolve`;
const resolved: AlertDetail = {
  alert: fakeAlert({ status: 'resolved', state: 'resolved', resolved_at: new Date().toISOString() }),
  emergencyContacts: 1,
  deliveries: [],
  summary: { successful: 0, total: 0 },
  responses: [],
  timeline: [],
};

/** "I'm safe" when the person set a safety PIN: the server asks for it, and the phone asks the person. */
describe('ImSafeControl with a safety PIN', () => {
  it('asks for the PIN the server asks for, shows a wrong PIN under the field, and ends the alert with the right one', async () => {
    const api = mockApi([
      {
        method: 'POST',
        path: RESOLVE,
        status: 400,
        body: { error: 'validation_failed', message: SAFETY_PIN_VALIDATION.pinRequired, field: 'pin' },
      },
    ]);
    const { user } = renderWithProviders(<ImSafeControl userId="u1" alertId={ALERT_ID} />);

    await user.click(screen.getByRole('button', { name: ACTIVE_ALERT_TEXTS.imSafe }));
    await user.click(await screen.findByRole('button', { name: ACTIVE_ALERT_TEXTS.confirmEnd }));
    const prompt = await screen.findByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title });
    expect(api.requests.filter((r) => r.path === RESOLVE).map((r) => r.body)).toEqual([undefined]);
    // Asking is not a failure: no "could not end" message under the button.
    expect(screen.queryByText(ACTIVE_ALERT_TEXTS.endFailed)).not.toBeInTheDocument();

    const field = screen.getByLabelText(PIN_PROMPT_TEXTS.label);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: PIN_PROMPT_TEXTS.confirm }));
    expect(await screen.findByText(SAFETY_PIN_VALIDATION.pinFormat)).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === RESOLVE)).toHaveLength(1);

    api.routes[0] = {
      method: 'POST',
      path: RESOLVE,
      status: 403,
      body: { error: 'pin_wrong', message: SAFETY_PIN_ERRORS.pinWrong },
    };
    await user.clear(field);
    await user.type(field, '0000');
    await user.click(screen.getByRole('button', { name: PIN_PROMPT_TEXTS.confirm }));
    expect(await screen.findByText(SAFETY_PIN_ERRORS.pinWrong)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(prompt).toBeInTheDocument();

    api.routes[0] = { method: 'POST', path: RESOLVE, body: resolved };
    await user.clear(field);
    await user.type(field, '4827');
    await user.click(screen.getByRole('button', { name: PIN_PROMPT_TEXTS.confirm }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title })).not.toBeInTheDocument(),
    );
    expect(api.requests.filter((r) => r.path === RESOLVE).map((r) => r.body)).toEqual([
      undefined,
      { pin: '0000' },
      { pin: '4827' },
    ]);
  });

  it('ends the alert without asking when the person has no PIN', async () => {
    const api = mockApi([{ method: 'POST', path: RESOLVE, body: resolved }]);
    const { user } = renderWithProviders(<ImSafeControl userId="u1" alertId={ALERT_ID} />);
    await user.click(screen.getByRole('button', { name: ACTIVE_ALERT_TEXTS.imSafe }));
    await user.click(await screen.findByRole('button', { name: ACTIVE_ALERT_TEXTS.confirmEnd }));
    await waitFor(() => expect(api.requests.filter((r) => r.path === RESOLVE)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog', { name: PIN_PROMPT_TEXTS.title })).not.toBeInTheDocument();
  });
});
