import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Drill, DrillRecipient, SafetyNetwork } from '#shared/schemas/safety-network';
import { fakeSession, mockApi } from '../../../testing/fake-api';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { SafetyNetworkRow } from './safety-network-row';

const DRILL_ID = '6f1c1f7e-2b1a-4c55-9a55-1d2f6d1f0a01';
const NETWORK: SafetyNetwork = {
  contacts: [
    { id: 'c1', name: 'Mum', textable: true, text_failure: null, reachable: true },
    {
      id: 'c2',
      name: 'Dad',
      textable: true,
      text_failure: {
        reason: 'Invalid To number',
        failed_at: '2026-11-26T10:00:00.000Z',
        failed_in_a_row: 2,
      },
      reachable: false,
    },
  ],
  guardians: [],
  reachable: 1,
  too_few: true,
  drills_left: 3,
};
const recipient = (overrides: Partial<DrillRecipient>): DrillRecipient => ({
  kind: 'contact',
  name: 'Mum',
  channel: 'sms',
  status: 'kept_in_dev_outbox',
  last_error: null,
  held_reason: null,
  sent_at: null,
  response: null,
  responded_at: null,
  ...overrides,
});
const drill = (overrides: Partial<Drill>): Drill => ({
  id: DRILL_ID,
  started_at: '2026-11-26T12:00:00.000Z',
  ends_at: '2026-11-26T12:30:00.000Z',
  ended_at: null,
  recipients: [recipient({}), recipient({ name: 'Dad', status: 'failed', last_error: 'Invalid To number' })],
  reachable: 1,
  too_few: true,
  ...overrides,
});

describe('Test my safety network', () => {
  it('warns when too few can be reached, sends the TEST, shows each delivery and answer, and ends it', async () => {
    storeSession(fakeSession());
    const ended = drill({
      ended_at: '2026-11-26T12:05:00.000Z',
      recipients: [
        recipient({ response: 'acknowledged', responded_at: '2026-11-26T12:02:00.000Z' }),
        recipient({ name: 'Dad', status: 'failed', last_error: 'Invalid To number' }),
      ],
    });
    const api = mockApi([
      { method: 'GET', path: '/api/safety-network', body: NETWORK },
      { method: 'POST', path: '/api/safety-network/drills', status: 201, body: drill({}) },
      { method: 'GET', path: `/api/safety-network/drills/${DRILL_ID}`, body: drill({}) },
      { method: 'POST', path: `/api/safety-network/drills/${DRILL_ID}/end`, body: ended },
    ]);
    const { user } = renderWithProviders(<SafetyNetworkRow userId={fakeSession().user.id} />);
    await user.click(screen.getByRole('button', { name: /Test my safety network/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Test my safety network' });

    // Before sending: the warning, and the contact whose texts keep failing with the provider's reason.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only 1 person can be reached');
    expect(dialog).toHaveTextContent('Texts to Dad keep failing: Invalid To number');
    expect(dialog).toHaveTextContent('3 of 3 tests left today');

    await user.click(within(dialog).getByRole('button', { name: 'Send TEST alert' }));
    expect(await within(dialog).findByText('TEST alert under way')).toBeVisible();
    const rows = within(dialog).getAllByTestId('drill-recipient');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Mum.*Kept in the dev outbox \(not sent\).*Not confirmed yet/),
      expect.stringMatching(/Dad.*Failed: Invalid To number.*Not confirmed yet/),
    ]);
    // The warning stays with the result.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only 1 person can be reached');

    await user.click(within(dialog).getByRole('button', { name: 'End test' }));
    expect(await within(dialog).findByText('Test ended')).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('drill-recipient')[0]).toHaveTextContent('Confirmed'),
    );
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/safety-network/drills',
      `/api/safety-network/drills/${DRILL_ID}/end`,
    ]);
  });

  it('offers no new test once the day’s tests are used', async () => {
    storeSession(fakeSession());
    mockApi([{ method: 'GET', path: '/api/safety-network', body: { ...NETWORK, drills_left: 0 } }]);
    const { user } = renderWithProviders(<SafetyNetworkRow userId={fakeSession().user.id} />);
    await user.click(screen.getByRole('button', { name: /Test my safety network/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Test my safety network' });
    expect(await within(dialog).findByText('You have used your 3 tests for today.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Send TEST alert' })).toBeDisabled();
  });
});
