import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LIMITS } from '#shared/constants';
import { VALIDATION } from '#shared/texts';
import { RECOVERY_TEXTS } from '#shared/sign-in-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useResetPassword } from '../api/reset-password';
import { notifyError } from '../../../lib/notify-error';

export function validateNewPassword(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return VALIDATION.requiredFields;
  if (password.length < LIMITS.password.min) return VALIDATION.passwordTooShort;
  if (password !== confirmation) return RECOVERY_TEXTS.mismatch;
  return null;
}

/** Sets a new password from the token in a recovery link; `onDone` runs once the person is signed in. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword(token);
  const problemId = useId();

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = validateNewPassword(password, confirmation);
    setProblem(found);
    if (found) return;
    reset.mutate(password, {
      onSuccess: () => {
        toast.success(RECOVERY_TEXTS.updatedTitle, { description: RECOVERY_TEXTS.updatedMessage });
        onDone();
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {RECOVERY_TEXTS.newPasswordTitle}
        </CardTitle>
        <CardDescription>{RECOVERY_TEXTS.newPasswordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4"
          aria-describedby={problem ? problemId : undefined}
        >
          <FormField label={RECOVERY_TEXTS.newPassword}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                disabled={reset.isPending}
              />
            )}
          </FormField>
          <FormField label={RECOVERY_TEXTS.confirmPassword}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                disabled={reset.isPending}
              />
            )}
          </FormField>
          {/* One message for both fields (they are checked together); the form is described by it. */}
          <FieldError id={problemId}>{problem}</FieldError>
          <Button type="submit" size="lg" disabled={reset.isPending}>
            {reset.isPending ? RECOVERY_TEXTS.saving : RECOVERY_TEXTS.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
