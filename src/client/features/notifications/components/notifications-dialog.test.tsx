import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useAddNotification } from '../hooks/notifications-context';
import { NotificationBell } from './notification-bell';
import { NotificationsDialog } from './notifications-dialog';
import { NotificationsProvider } from './notifications-provider';

function Harness({ extra = 0 }: { extra?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <NotificationsProvider userId="00000001-0000-4000-8000-000000000001">
      <NotificationBell onClick={() => setOpen(true)} />
      <AddMany count={extra} />
      <NotificationsDialog open={open} onOpenChange={setOpen} />
    </NotificationsProvider>
  );
}

function AddMany({ count }: { count: number }) {
  const add = useAddNotification();
  return (
    <button
      type="button"
      onClick={() =>
        Array.from({ length: count }, (_, i) => add({ type: 'error', title: `Alert ${i}`, message: 'x' }))
      }
    >
      add
    </button>
  );
}

async function openDialog(extra = 0) {
  const user = userEvent.setup();
  render(<Harness extra={extra} />);
  return { user };
}

describe('notifications', () => {
  it('lists the seeded notifications newest first with badge, title, message and time', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Update')).toBeInTheDocument();
    expect(items[0]).not.toHaveTextContent(/\binfo\b/);
    expect(items[0]).toHaveTextContent('Welcome to Beacon');
    expect(items[0]).toHaveTextContent('Just now');
    expect(within(items[1] as HTMLElement).getByText('Needs attention')).toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent(/\bwarning\b/);
    expect(items[1]).toHaveTextContent('Add Emergency Contacts');
    expect(items[1]).toHaveTextContent('5 min ago');
  });

  it('marks an item read on click, then all; "Mark all as read" is disabled when nothing is unread', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toBeEnabled();

    await user.click(screen.getByText('Welcome to Beacon'));
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('data-read', 'true');
    expect(screen.getByText('1', { selector: '[data-testid="notification-badge"]' })).toBeInTheDocument();

    await user.click(markAll);
    expect(markAll).toBeDisabled();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('deletes with X and shows the empty state', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Delete notification: Welcome to Beacon' }));
    await user.click(screen.getByRole('button', { name: 'Delete notification: Add Emergency Contacts' }));
    expect(screen.getByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('caps the badge at 9+', async () => {
    const { user } = await openDialog(8);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'add' }));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('9+');
    // The name holds what the badge shows (WCAG 2.5.3: the accessible name contains the visible text).
    expect(screen.getByRole('button', { name: 'Notifications, 9+ unread' })).toBeInTheDocument();
  });
});
