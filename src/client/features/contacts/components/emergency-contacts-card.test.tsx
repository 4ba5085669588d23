import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '#shared/constants';
import type { EmergencyContact } from '#shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { mockApi, type FakeRoute } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-app';
import { useContactDialog } from '../hooks/use-contact-dialog';
import { EmergencyContactsCard } from './emergency-contacts-card';

const ada: EmergencyContact = {
  id: '1700000000000',
  name: 'Ada Lovelace',
  phone: '+15551234567',
  relationship: 'Family',
};
const bob: EmergencyContact = {
  id: '1700000000001',
  name: 'Bob Smith',
  phone: '+15557654321',
  relationship: 'Friend',
};
const cy: EmergencyContact = {
  id: '1700000000002',
  name: 'Cy Young',
  phone: '+15550001111',
  relationship: 'Sibling',
};

function listRoute(contacts: EmergencyContact[]): FakeRoute {
  return { method: 'GET', path: '/api/contacts', body: { contacts } };
}

/** Holds `method path` requests until `release()` is called, to observe the optimistic state in between. */
function holdRequests(api: ReturnType<typeof mockApi>, method: string, path: string) {
  const original = api.fetchMock.getMockImplementation();
  if (!original) throw new Error('mockApi has no implementation');
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === path && (init?.method ?? 'GET').toUpperCase() === method) await gate;
    return original(input, init);
  });
  return { release: () => release() };
}

function renderCard(props: { limit?: number } = {}) {
  return renderWithProviders(
    <EmergencyContactsCard userId="00000001-0000-4000-8000-000000000001" {...props} />,
  );
}

function rows(): HTMLElement[] {
  return screen.queryAllByTestId('contact-row');
}

// Sonner keeps toasts in a module-level store and replays active ones to the next test's Toaster.
afterEach(() => {
  toast.dismiss();
});

describe('EmergencyContactsCard', () => {
  it('flags a contact whose texts keep failing, with the provider’s reason', async () => {
    const failing = {
      ...bob,
      text_failure: {
        reason: 'Invalid To number',
        failed_at: '2026-11-26T10:00:00.000Z',
        failed_in_a_row: 2,
      },
    };
    mockApi([listRoute([{ ...ada }, failing])]);
    renderCard();
    const flag = await screen.findByTestId('contact-texts-failing');
    expect(flag).toHaveTextContent('Texts to this number keep failing (last 2');
    expect(flag).toHaveTextContent('Invalid To number');
    expect(rows()[1]).toContainElement(flag);
    expect(screen.getAllByTestId('contact-texts-failing')).toHaveLength(1);
  });

  it('shows the empty state with an Add First Contact button that opens the add dialog', async () => {
    mockApi([listRoute([])]);
    const { user } = renderCard();
    expect(await screen.findByText('No emergency contacts added yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add First Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Emergency Contact' });
    expect(within(dialog).getByRole('button', { name: 'Add Contact' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('lists each contact with a real tel: call link and edit/delete buttons named after the contact', async () => {
    mockApi([listRoute([ada, bob])]);
    renderCard();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('+15551234567')).toBeInTheDocument();
    expect(screen.getByText('Family')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Ada Lovelace' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    expect(screen.getByRole('link', { name: 'Call Bob Smith' })).toHaveAttribute('href', 'tel:+15557654321');
    expect(screen.getByRole('button', { name: 'Edit Ada Lovelace' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Bob Smith' })).toBeEnabled();
  });

  it('shows a phone number formatted for reading, and calls the stored number', async () => {
    mockApi([listRoute([{ ...ada, phone: '+17045550100' }])]);
    renderCard();
    // jsdom's browser language is en-US: a US number reads nationally.
    expect(await screen.findByText('(704) 555-0100')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Ada Lovelace' })).toHaveAttribute(
      'href',
      'tel:+17045550100',
    );
  });

  it('shows the validation messages under the fields', async () => {
    const api = mockApi([listRoute([])]);
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add emergency contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Emergency Contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone number must be at least 7 digits')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Name'), 'Ada <script>');
    await user.type(within(dialog).getByLabelText('Phone Number'), '555-123-4567');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Name contains invalid characters')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Start the phone number with + and its country code (for example +44 7400 123456)',
      ),
    ).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('adds a contact: the list shows it at once, then the server’s copy, with the success toast', async () => {
    const saved: EmergencyContact = { ...bob, id: '1700000000009' };
    const list = listRoute([ada]);
    const api = mockApi([list, { method: 'POST', path: '/api/contacts', status: 201, body: saved }]);
    const held = holdRequests(api, 'POST', '/api/contacts');
    const { user } = renderCard();
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Emergency Contact' });
    await user.type(within(dialog).getByLabelText('Name'), 'Bob Smith');
    await user.type(within(dialog).getByLabelText('Phone Number'), '+15557654321');
    await user.click(within(dialog).getByRole('combobox', { name: 'Relationship' }));
    await user.click(await screen.findByRole('option', { name: 'Friend' }));
    expect(within(dialog).getByRole('combobox', { name: 'Relationship' })).toHaveTextContent('Friend');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));

    // Optimistic: listed before the server answers, but not editable yet.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Edit Bob Smith', hidden: true })).toBeDisabled();
    list.body = { contacts: [ada, saved] };
    held.release();

    expect(await screen.findByText('Contact added')).toBeInTheDocument();
    expect(screen.getByText('Emergency contact has been added successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit Bob Smith' })).toBeEnabled();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Bob Smith',
      phone: '+15557654321',
      relationship: 'Friend',
    });
  });

  it('rolls a failed add back, keeps the dialog open with what was typed, and says Error', async () => {
    const api = mockApi([
      listRoute([ada]),
      { method: 'POST', path: '/api/contacts', status: 500, body: { error: 'internal', message: 'boom' } },
    ]);
    const held = holdRequests(api, 'POST', '/api/contacts');
    const { user } = renderCard();
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Emergency Contact' });
    await user.type(within(dialog).getByLabelText('Name'), 'Bob Smith');
    await user.type(within(dialog).getByLabelText('Phone Number'), '+15557654321');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    held.release();

    expect(await screen.findByText('Failed to save contact. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Add Emergency Contact' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bob Smith');
  });

  it('edits a contact from a prefilled dialog', async () => {
    const list = listRoute([ada]);
    const updated = { ...ada, name: 'Ada King' };
    const api = mockApi([list, { method: 'PATCH', path: `/api/contacts/${ada.id}`, body: updated }]);
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('+15551234567');
    expect(within(dialog).getByRole('combobox', { name: 'Relationship' })).toHaveTextContent('Family');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Ada King');
    list.body = { contacts: [updated] };
    await user.click(within(dialog).getByRole('button', { name: 'Update Contact' }));

    expect(await screen.findByText('Contact updated')).toBeInTheDocument();
    expect(screen.getByText('Emergency contact has been updated successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Ada King')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Ada King',
      phone: '+15551234567',
      relationship: 'Family',
    });
  });

  it('puts the old values back when an edit fails', async () => {
    mockApi([
      listRoute([ada]),
      {
        method: 'PATCH',
        path: `/api/contacts/${ada.id}`,
        status: 503,
        body: { error: 'internal', message: 'x' },
      },
    ]);
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Ada King');
    await user.click(within(dialog).getByRole('button', { name: 'Update Contact' }));
    expect(await screen.findByText('Failed to save contact. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Contact' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace', { selector: 'span' })).toBeInTheDocument();
  });

  it('deletes a contact with the success toast', async () => {
    const list = listRoute([ada, bob]);
    const api = mockApi([list, { method: 'DELETE', path: `/api/contacts/${bob.id}`, status: 204 }]);
    const { user } = renderCard();
    const deleteBob = await screen.findByRole('button', { name: 'Delete Bob Smith' });
    // The list read after the delete answers without Bob (the first read waits for the first paint).
    list.body = { contacts: [ada] };
    await user.click(deleteBob);
    expect(await screen.findByText('Contact deleted')).toBeInTheDocument();
    expect(screen.getByText('Emergency contact has been removed.')).toBeInTheDocument();
    expect(screen.queryByText('Bob Smith')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('offers Undo in the delete toast, which saves the same contact again', async () => {
    const restored: EmergencyContact = { ...bob, id: '1700000000009' };
    const list = listRoute([ada, bob]);
    const api = mockApi([
      list,
      { method: 'DELETE', path: `/api/contacts/${bob.id}`, status: 204 },
      { method: 'POST', path: '/api/contacts', status: 201, body: restored },
    ]);
    const { user } = renderCard();
    const deleteBob = await screen.findByRole('button', { name: 'Delete Bob Smith' });
    // The list read after the delete answers without Bob (the first read waits for the first paint).
    list.body = { contacts: [ada] };
    await user.click(deleteBob);
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true));
    list.body = { contacts: [ada, restored] };
    // A plain click: sonner's toast calls setPointerCapture on pointer-down, which jsdom lacks.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Contact restored')).toBeInTheDocument();
    expect(screen.getByText('Bob Smith is back in your emergency contacts.')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1] as HTMLElement).getByText('Bob Smith')).toBeInTheDocument();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ name: bob.name, phone: bob.phone, relationship: bob.relationship });
  });

  it('says why when Undo cannot save the contact again', async () => {
    const list = listRoute([ada, bob]);
    mockApi([
      list,
      { method: 'DELETE', path: `/api/contacts/${bob.id}`, status: 204 },
      {
        method: 'POST',
        path: '/api/contacts',
        status: 429,
        body: {
          error: 'rate_limited',
          message: 'You can give your contacts at most 10 new phone numbers a day.',
        },
      },
    ]);
    const { user } = renderCard();
    const deleteBob = await screen.findByRole('button', { name: 'Delete Bob Smith' });
    // The list read after the delete answers without Bob (the first read waits for the first paint).
    list.body = { contacts: [ada] };
    await user.click(deleteBob);
    // A plain click: sonner's toast calls setPointerCapture on pointer-down, which jsdom lacks.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('You can give your contacts at most 10 new phone numbers a day.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('restores a contact silently when the delete fails', async () => {
    const api = mockApi([
      listRoute([ada, bob]),
      {
        method: 'DELETE',
        path: `/api/contacts/${ada.id}`,
        status: 500,
        body: { error: 'internal', message: 'x' },
      },
    ]);
    const held = holdRequests(api, 'DELETE', `/api/contacts/${ada.id}`);
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument());
    held.release();
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Back in its old place, and no toast.
    expect(within(rows()[0] as HTMLElement).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.queryByText('Contact deleted')).not.toBeInTheDocument();
  });

  it('shows at most `limit` contacts and says how many there are', async () => {
    mockApi([listRoute([ada, bob, cy])]);
    renderCard({ limit: 2 });
    await screen.findByText('Ada Lovelace');
    expect(rows()).toHaveLength(2);
    expect(screen.queryByText('Cy Young')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 contacts. Premium shows them all.')).toBeInTheDocument();
  });

  it('shows every contact without a limit', async () => {
    mockApi([listRoute([ada, bob, cy])]);
    renderCard();
    await screen.findByText('Cy Young');
    expect(rows()).toHaveLength(3);
  });

  it('keeps an offline copy of the contacts and shows it when the server cannot be reached', async () => {
    mockApi([listRoute([ada, bob])]);
    const first = renderCard();
    await screen.findByText('Bob Smith');
    const stored = JSON.parse(
      window.localStorage.getItem(
        `${STORAGE_KEYS.offlineEmergencyData}:00000001-0000-4000-8000-000000000001`,
      ) ?? '{}',
    );
    expect(stored.contacts).toEqual([ada, bob]);
    first.unmount();

    mockApi([
      { method: 'GET', path: '/api/contacts', status: 503, body: { error: 'internal', message: 'down' } },
    ]);
    renderCard();
    expect(
      await screen.findByText(
        "Beacon's server can't be reached: these are the contacts saved on this device.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Ada Lovelace' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Call Ada Lovelace' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
  });

  it('opens in add mode from outside through a lifted controller', async () => {
    mockApi([listRoute([ada])]);
    function Host() {
      const dialog = useContactDialog();
      return (
        <>
          <Button onClick={dialog.openAdd}>Outside</Button>
          <EmergencyContactsCard userId="00000001-0000-4000-8000-000000000001" dialog={dialog} />
        </>
      );
    }
    const { user } = renderWithProviders(<Host />);
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(await screen.findByRole('dialog', { name: 'Add Emergency Contact' })).toBeInTheDocument();
  });
});
