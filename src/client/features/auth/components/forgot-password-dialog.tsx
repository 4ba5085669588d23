import { toast } from '../../../lib/toast';
import { RecoverRequestSchema } from '#shared/schemas/auth';
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
import { useSchemaForm } from '../../../lib/use-schema-form';

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
  const recover = useRecoverPassword();
  const form = useSchemaForm(RecoverRequestSchema, { defaultValues: { email: initialEmail } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ email }) => {
    recover.mutate(email, {
      onSuccess: () => {
        toast.success(RECOVERY_TEXTS.sentTitle, { description: RECOVERY_TEXTS.sentMessage });
        onDone();
      },
      onError: (error) => notifyError(error),
    });
  });

  return (
    <DialogBody>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={LOGIN_TEXTS.email} error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <Button type="submit" disabled={recover.isPending}>
          {recover.isPending ? RECOVERY_TEXTS.sending : RECOVERY_TEXTS.send}
        </Button>
      </form>
    </DialogBody>
  );
}
