import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ESCALATION_VALIDATION } from '#shared/escalation-settings-texts';
import { fakeSession, mockApi } from '../../../testing/fake-api';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { EmergencySettingsSection } from './emergency-settings-section';

const DEFAULTS = { escalation_seconds: 120, chosen: false, default_seconds: 120 };

describe('Emergency Settings › When nobody answers', () => {
  it("shows the rules with the person's time, refuses a time out of range, and saves a new one", async () => {
    storeSession(fakeSession());
    const api = mockApi([
      { method: 'GET', path: '/api/escalation-settings', body: DEFAULTS },
      {
        method: 'PATCH',
        path: '/api/escalation-settings',
        body: { escalation_seconds: 45, chosen: true, default_seconds: 120 },
      },
    ]);
    const { user } = renderWithProviders(
      <EmergencySettingsSection userId={fakeSession().user.id} onManageContacts={vi.fn()} />,
    );
    const row = await screen.findByRole('button', { name: /Beacon escalates after 2 minutes/ });
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'When nobody answers' });
    expect(dialog).toHaveTextContent('If nobody responds to your alert within 2 minutes');
    expect(dialog).toHaveTextContent('30 seconds later, Beacon calls your first emergency contact');

    const field = within(dialog).getByLabelText('Escalate after (seconds)');
    await user.clear(field);
    await user.type(field, '29');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ESCALATION_VALIDATION.secondsRange)).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    await user.clear(field);
    await user.type(field, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'PATCH')).toEqual([
        expect.objectContaining({ body: { escalation_seconds: 45 } }),
      ]),
    );
    expect(await screen.findByRole('button', { name: /Beacon escalates after 45 seconds/ })).toBeVisible();
  });
});
