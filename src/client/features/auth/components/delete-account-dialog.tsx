import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/schemas/auth';
import { COMMON_TEXTS, DELETE_ACCOUNT_TEXTS } from '#shared/ui-texts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDeleteAccount } from '../api/delete-account';
import { notifyError } from '../../../lib/notify-error';

type DeleteAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after the account is gone and the session cleared. */
  onDeleted: () => void;
};

/** Deleting is irreversible, so the person must type DELETE before the button works. */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{DELETE_ACCOUNT_TEXTS.title}</AlertDialogTitle>
        <AlertDialogDescription>{DELETE_ACCOUNT_TEXTS.description}</AlertDialogDescription>
        {open ? <ConfirmForm onDeleted={onDeleted} /> : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function ConfirmForm({ onDeleted }: { onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(DELETE_ACCOUNT_TEXTS.deletedTitle, {
          description: DELETE_ACCOUNT_TEXTS.deletedMessage,
        });
        onDeleted();
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{DELETE_ACCOUNT_TEXTS.confirmLabel}</Label>
        <Input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={remove.isPending}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialogCancel asChild>
          <Button variant="outline" disabled={remove.isPending}>
            {COMMON_TEXTS.cancel}
          </Button>
        </AlertDialogCancel>
        <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
          {remove.isPending ? DELETE_ACCOUNT_TEXTS.deleting : DELETE_ACCOUNT_TEXTS.confirm}
        </Button>
      </div>
    </form>
  );
}
