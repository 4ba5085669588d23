import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Input } from './input';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="End this link?"
      description="They will no longer see your alerts."
      cancelLabel="Cancel"
      confirmLabel="End Link"
      pendingLabel="Ending..."
      onConfirm={onConfirm}
      destructive
      {...props}
    />,
  );
  return { onConfirm, onOpenChange, user: userEvent.setup() };
}

describe('<ConfirmDialog>', () => {
  it('is an alert dialog named by its title and described by its description', () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'End this link?' });
    expect(dialog).toHaveAccessibleDescription('They will no longer see your alerts.');
  });

  it('confirms with the confirm button, and Cancel closes without confirming', async () => {
    const { onConfirm, onOpenChange, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'End Link' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows the pending label and lets neither button be pressed while the action runs', () => {
    renderDialog({ pending: true });
    expect(screen.getByRole('button', { name: 'Ending...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('confirms with Enter in a field of its content, unless the confirmation is still missing', async () => {
    const { onConfirm, user } = renderDialog({
      confirmDisabled: true,
      children: <Input aria-label="Type DELETE to confirm" />,
    });
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'nope{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'End Link' })).toBeDisabled();
  });
});
