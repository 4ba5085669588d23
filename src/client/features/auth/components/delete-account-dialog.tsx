import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/schemas/auth';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { DELETE_ACCOUNT_TEXTS } from '#shared/settings-texts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useDeleteAccount } from '../api/delete-account';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';

type DeleteAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after the account is gone and the session cleared. */
  /** The account is gone: ends the session (features/auth/api/delete-account.ts). */
  onDeleted: () => void;
};

/**
 * Deleting is irreversible, so the person must type DELETE and their password before the button works (the
 * server refuses a deletion without the password: a signed-in phone in someone else's hands is not enough).
 */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  // Keyed on `open`, so every opening starts with an empty confirmation and password.
  return (
    <DeleteAccountConfirm key={String(open)} open={open} onOpenChange={onOpenChange} onDeleted={onDeleted} />
  );
}

function DeleteAccountConfirm({ open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const remove = useDeleteAccount(() => {
    toast.success(DELETE_ACCOUNT_TEXTS.deletedTitle, { description: DELETE_ACCOUNT_TEXTS.deletedMessage });
    onDeleted();
  });
  const confirm = (): void => {
    setPasswordError(null);
    remove.mutate(password, {
      onError: (error) => {
        // A wrong password belongs to its field; anything else (rate limit, network) is a toast.
        if (error instanceof ApiError && error.code === 'current_password_wrong')
          setPasswordError(error.message);
        else notifyError(error);
      },
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={DELETE_ACCOUNT_TEXTS.title}
      description={DELETE_ACCOUNT_TEXTS.description}
      cancelLabel={COMMON_TEXTS.cancel}
      confirmLabel={DELETE_ACCOUNT_TEXTS.confirm}
      pendingLabel={DELETE_ACCOUNT_TEXTS.deleting}
      pending={remove.isPending}
      confirmDisabled={typed.trim() !== DELETE_ACCOUNT_CONFIRMATION || password === ''}
      destructive
      onConfirm={confirm}
    >
      <FormField label={DELETE_ACCOUNT_TEXTS.confirmLabel}>
        {(control) => (
          <Input
            {...control}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={remove.isPending}
          />
        )}
      </FormField>
      <FormField label={DELETE_ACCOUNT_TEXTS.passwordLabel} error={passwordError}>
        {(control) => (
          <Input
            {...control}
            type="password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
            autoComplete="current-password"
            disabled={remove.isPending}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
