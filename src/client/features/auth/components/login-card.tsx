import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { LoginFormSchema, SignUpRequestSchema } from '#shared/schemas/auth';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { LOGIN_TEXTS } from '#shared/sign-in-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { notifyError } from '../../../lib/notify-error';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { lazyDialog } from '../../../components/lazy-dialog';
import { browserTimeZone } from '../../../lib/browser-time-zone';

/** Few people need it, so it is downloaded when first opened (bundle budget, docs/PERFORMANCE.md). */
const ForgotPasswordDialog = lazyDialog(
  async () => (await import('./forgot-password-dialog')).ForgotPasswordDialog,
  ({ open }) => open,
);

export type Mode = 'login' | 'signup';
/** What the person typed, carried over when they switch between login and sign-up. */
type Typed = { email: string; password: string };

type LoginCardProps = {
  logo?: ReactNode;
  /** The form it opens with (sign-up for a newcomer from the onboarding's Get Started). */
  initialMode?: Mode;
  /** After a successful sign-in or sign-up, once the session is stored. */
  onSignedIn?: (mode: Mode) => void;
};

/**
 * Login / sign-up card (docs/PRODUCT.md#dashboard). Each form checks what it sends with the shared schema the
 * server applies to it (docs/PRODUCT.md#account-and-sign-in); a server failure shows 'Error' and re-enables it.
 */
export function LoginCard({ logo, initialMode = 'login', onSignedIn }: LoginCardProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [typed, setTyped] = useState<Typed>({ email: '', password: '' });
  const [recovery, setRecovery] = useState({ open: false, email: '' });
  const isSignUp = mode === 'signup';

  const switchMode = (current: Typed): void => {
    setTyped(current);
    setMode(isSignUp ? 'login' : 'signup');
  };
  const signedIn = (): void => {
    // An earlier failure's toast would otherwise linger over the dashboard.
    toast.dismiss();
    onSignedIn?.(mode);
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
        {isSignUp ? (
          <SignUpForm typed={typed} onSwitch={switchMode} onSignedIn={signedIn} />
        ) : (
          <LoginForm
            typed={typed}
            onSwitch={switchMode}
            onSignedIn={signedIn}
            onForgotPassword={(email) => setRecovery({ open: true, email })}
          />
        )}
      </CardContent>
      <ForgotPasswordDialog
        open={recovery.open}
        onOpenChange={(open) => setRecovery((current) => ({ ...current, open }))}
        initialEmail={recovery.email}
      />
    </Card>
  );
}

type FormProps = {
  typed: Typed;
  onSwitch: (typed: Typed) => void;
  onSignedIn: () => void;
};

/**
 * Waits on the promise, not on mutate()'s callbacks: the card unmounts as soon as the session is stored, and
 * mutate()'s callbacks do not run for an unmounted card. Not returned to the form, which would rethrow a failure.
 */
function settle(session: Promise<unknown>, onSignedIn: () => void): void {
  session.then(onSignedIn, (error: unknown) => notifyError(error));
}

function LoginForm({
  typed,
  onSwitch,
  onSignedIn,
  onForgotPassword,
}: FormProps & {
  onForgotPassword: (email: string) => void;
}) {
  const signIn = useSignIn();
  const form = useSchemaForm(LoginFormSchema, { defaultValues: typed });
  const { errors } = form.formState;
  const busy = signIn.isPending;
  const submit = form.handleSubmit((values) => settle(signIn.mutateAsync(values), onSignedIn));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField field={form.register('email')} error={errors.email?.message} busy={busy} />
      <PasswordField
        field={form.register('password')}
        error={errors.password?.message}
        busy={busy}
        autoComplete="current-password"
        labelAction={
          <Button variant="link" size="none" onClick={() => onForgotPassword(form.getValues('email'))}>
            {LOGIN_TEXTS.forgotPassword}
          </Button>
        }
      />
      <FormActions
        busy={busy}
        submitLabel={LOGIN_TEXTS.login}
        switchLabel={LOGIN_TEXTS.toSignUp}
        onSwitch={() => onSwitch(form.getValues())}
      />
    </form>
  );
}

function SignUpForm({ typed, onSwitch, onSignedIn }: FormProps) {
  const signUp = useSignUp();
  const form = useSchemaForm(SignUpRequestSchema, { defaultValues: { ...typed, data: { full_name: '' } } });
  const { errors } = form.formState;
  const busy = signUp.isPending;
  const submit = form.handleSubmit((values) => {
    // The zone goes with the account so the very first SOS text already has local times.
    const data = { ...values.data, time_zone: browserTimeZone() ?? undefined };
    settle(signUp.mutateAsync({ ...values, data }), onSignedIn);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField label={LOGIN_TEXTS.fullName} error={errors.data?.full_name?.message}>
        {(control) => (
          <Input {...control} autoComplete="name" disabled={busy} {...form.register('data.full_name')} />
        )}
      </FormField>
      <EmailField field={form.register('email')} error={errors.email?.message} busy={busy} />
      <PasswordField
        field={form.register('password')}
        error={errors.password?.message}
        busy={busy}
        autoComplete="new-password"
      />
      <FormActions
        busy={busy}
        submitLabel={LOGIN_TEXTS.signUp}
        switchLabel={LOGIN_TEXTS.toLogin}
        onSwitch={() => {
          const { email, password } = form.getValues();
          onSwitch({ email, password });
        }}
      />
    </form>
  );
}

type FieldProps = { field: UseFormRegisterReturn; error: string | undefined; busy: boolean };

function EmailField({ field, error, busy }: FieldProps) {
  return (
    <FormField label={LOGIN_TEXTS.email} error={error}>
      {(control) => (
        <Input {...control} type="email" inputMode="email" autoComplete="email" disabled={busy} {...field} />
      )}
    </FormField>
  );
}

function PasswordField({
  field,
  error,
  busy,
  autoComplete,
  labelAction,
}: FieldProps & { autoComplete: 'current-password' | 'new-password'; labelAction?: ReactNode }) {
  return (
    <FormField label={LOGIN_TEXTS.password} labelAction={labelAction} error={error}>
      {(control) => (
        <Input {...control} type="password" autoComplete={autoComplete} disabled={busy} {...field} />
      )}
    </FormField>
  );
}

function FormActions({
  busy,
  submitLabel,
  switchLabel,
  onSwitch,
}: {
  busy: boolean;
  submitLabel: string;
  switchLabel: string;
  onSwitch: () => void;
}) {
  return (
    <>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? COMMON_TEXTS.loading : submitLabel}
      </Button>
      <Button variant="link" size="none" className="self-center" onClick={onSwitch} disabled={busy}>
        {switchLabel}
      </Button>
    </>
  );
}
