import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { LIMITS } from '#shared/constants';
import { VALIDATION } from '#shared/texts';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { LOGIN_TEXTS } from '#shared/sign-in-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { notifyError } from '../../../lib/notify-error';
import { lazyDialog } from '../../../components/lazy-dialog';
import { browserTimeZone } from '../../../lib/browser-time-zone';

/** Few people need it, so it is downloaded when first opened (bundle budget, docs/PERFORMANCE.md). */
const ForgotPasswordDialog = lazyDialog(
  async () => (await import('./forgot-password-dialog')).ForgotPasswordDialog,
  ({ open }) => open,
);

export type Mode = 'login' | 'signup';
type Values = { fullName: string; email: string; password: string };

/** The client-side checks (docs/PRODUCT.md#account-and-sign-in), in the order a person meets them. */
export function validateLogin(mode: Mode, values: Values): string | null {
  if (!values.email.trim() || !values.password) return VALIDATION.requiredFields;
  if (mode === 'signup') {
    if (!values.fullName.trim()) return VALIDATION.enterFullName;
    if (values.password.length < LIMITS.password.min) return VALIDATION.passwordTooShort;
  }
  return null;
}

type LoginCardProps = {
  logo?: ReactNode;
  /** The form it opens with (sign-up for a newcomer from the onboarding's Get Started). */
  initialMode?: Mode;
  /** After a successful sign-in or sign-up, once the session is stored. */
  onSignedIn?: (mode: Mode) => void;
};

/** Login / sign-up card (docs/PRODUCT.md#dashboard). A server failure shows 'Error' and re-enables it. */
export function LoginCard({ logo, initialMode = 'login', onSignedIn }: LoginCardProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [values, setValues] = useState<Values>({ fullName: '', email: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [recoverOpen, setRecoverOpen] = useState(false);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const busy = signIn.isPending || signUp.isPending;
  const problemId = useId();
  const isSignUp = mode === 'signup';

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = validateLogin(mode, values);
    setProblem(found);
    if (found) return;
    const email = values.email.trim();
    const signedIn = isSignUp
      ? signUp.mutateAsync({
          email,
          password: values.password,
          data: {
            full_name: values.fullName.trim(),
            // The zone goes with the account so the very first SOS text already has local times.
            time_zone: browserTimeZone() ?? undefined,
          },
        })
      : signIn.mutateAsync({ email, password: values.password });
    // The promise, not mutate()'s callbacks: the card unmounts as soon as the session is stored, and mutate()'s
    // callbacks do not run for an unmounted card.
    signedIn.then(
      () => {
        // An earlier failure's toast would otherwise linger over the dashboard.
        toast.dismiss();
        onSignedIn?.(mode);
      },
      (error: unknown) => notifyError(error),
    );
  };

  const update = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const toggleMode = (): void => {
    setMode(isSignUp ? 'login' : 'signup');
    setProblem(null);
  };

  return (
    <Card className="w-full">
      <CardHeader className="items-center text-center">
        {logo}
        <CardTitle as="h1" className="text-2xl">
          {isSignUp ? LOGIN_TEXTS.signUpTitle : LOGIN_TEXTS.loginTitle}
        </CardTitle>
        <CardDescription>
          {isSignUp ? LOGIN_TEXTS.signUpDescription : LOGIN_TEXTS.loginDescription}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4"
          aria-describedby={problem ? problemId : undefined}
        >
          {isSignUp ? (
            <FormField label={LOGIN_TEXTS.fullName}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="name"
                  value={values.fullName}
                  onChange={update('fullName')}
                  disabled={busy}
                />
              )}
            </FormField>
          ) : null}
          <FormField label={LOGIN_TEXTS.email}>
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="email"
                value={values.email}
                onChange={update('email')}
                disabled={busy}
              />
            )}
          </FormField>
          <FormField
            label={LOGIN_TEXTS.password}
            labelAction={
              isSignUp ? null : (
                <Button variant="link" size="none" onClick={() => setRecoverOpen(true)}>
                  {LOGIN_TEXTS.forgotPassword}
                </Button>
              )
            }
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete={isSignUp ? 'new-password' : 'current-password'}
                value={values.password}
                onChange={update('password')}
                disabled={busy}
              />
            )}
          </FormField>
          {/* One message for the whole form (the checks span fields); the form is described by it. */}
          <FieldError id={problemId}>{problem}</FieldError>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? COMMON_TEXTS.loading : isSignUp ? LOGIN_TEXTS.signUp : LOGIN_TEXTS.login}
          </Button>
          <Button variant="link" size="none" className="self-center" onClick={toggleMode} disabled={busy}>
            {isSignUp ? LOGIN_TEXTS.toLogin : LOGIN_TEXTS.toSignUp}
          </Button>
        </form>
      </CardContent>
      <ForgotPasswordDialog open={recoverOpen} onOpenChange={setRecoverOpen} initialEmail={values.email} />
    </Card>
  );
}
