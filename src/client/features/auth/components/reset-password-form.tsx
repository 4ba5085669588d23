import { toast } from '../../../lib/toast';
import { NewPasswordFormSchema } from '#shared/schemas/auth';
import { RECOVERY_TEXTS } from '#shared/sign-in-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useResetPassword } from '../api/reset-password';
import { notifyError } from '../../../lib/notify-error';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** Sets a new password from the token in a recovery link; `onDone` runs once the person is signed in. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword(token);
  const form = useSchemaForm(NewPasswordFormSchema, { defaultValues: { password: '', confirmation: '' } });
  const { errors } = form.formState;
  const busy = reset.isPending;

  const submit = form.handleSubmit(({ password }) => {
    reset.mutate(password, {
      onSuccess: () => {
        toast.success(RECOVERY_TEXTS.updatedTitle, { description: RECOVERY_TEXTS.updatedMessage });
        onDone();
      },
      onError: (error) => notifyError(error),
    });
  });

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {RECOVERY_TEXTS.newPasswordTitle}
        </CardTitle>
        <CardDescription>{RECOVERY_TEXTS.newPasswordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField label={RECOVERY_TEXTS.newPassword} error={errors.password?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                disabled={busy}
                {...form.register('password')}
              />
            )}
          </FormField>
          <FormField label={RECOVERY_TEXTS.confirmPassword} error={errors.confirmation?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                disabled={busy}
                {...form.register('confirmation')}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? RECOVERY_TEXTS.saving : RECOVERY_TEXTS.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
