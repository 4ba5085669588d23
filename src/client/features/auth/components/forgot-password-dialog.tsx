import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { VALIDATION } from '#shared/texts';
import { LOGIN_TEXTS, RECOVERY_TEXTS } from '#shared/sign-in-texts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useRecoverPassword } from '../api/recover-password';
import { notifyError } from '../../../lib/notify-error';

type ForgotPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
};

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{RECOVERY_TEXTS.title}</DialogTitle>
          <DialogDescription>{RECOVERY_TEXTS.description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so the e-mail starts from the login form each time. */}
        {open ? <RecoverForm initialEmail={initialEmail} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RecoverForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const recover = useRecoverPassword();

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const trimmed = email.trim();
    setProblem(trimmed ? null : VALIDATION.requiredFields);
    if (!trimmed) return;
    recover.mutate(trimmed, {
      onSuccess: () => {
        toast.success(RECOVERY_TEXTS.sentTitle, { description: RECOVERY_TEXTS.sentMessage });
        onDone();
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <DialogBody>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={LOGIN_TEXTS.email} error={problem}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={recover.isPending}>
          {recover.isPending ? RECOVERY_TEXTS.sending : RECOVERY_TEXTS.send}
        </Button>
      </form>
    </DialogBody>
  );
}
