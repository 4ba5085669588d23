import { z } from 'zod';
import { SAFETY_PIN_SETTINGS_TEXTS, SAFETY_PIN_VALIDATION } from '#shared/safety-pin-texts';
import { pinRule } from '#shared/schemas/safety-pin';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateSafetyPin } from '../api/safety-pin-api';

/**
 * The form's own schema: the request's rules (shared pinRule and messages), with the duress PIN an empty field
 * when there is none. The server checks the same and the password.
 */
const SafetyPinFormSchema = z
  .object({
    password: z.string().min(1, SAFETY_PIN_VALIDATION.passwordRequired),
    safety_pin: pinRule,
    duress_pin: z.union([z.literal(''), pinRule]),
  })
  .refine((form) => form.duress_pin === '' || form.duress_pin !== form.safety_pin, {
    path: ['duress_pin'],
    message: SAFETY_PIN_VALIDATION.pinsMustDiffer,
  });
const RemoveFormSchema = z.object({ password: z.string().min(1, SAFETY_PIN_VALIDATION.passwordRequired) });

type Props = { open: boolean; onOpenChange: (open: boolean) => void; userId: string; pinSet: boolean };

/**
 * Emergency Settings › Safety PIN (docs/PRODUCT.md#safety-pin-and-duress-pin): sets both PINs at once, or removes
 * them, always with the account password. It never shows whether a duress PIN is set, so someone looking through
 * the phone cannot learn one exists. Loaded on demand.
 */
export function SafetyPinSettingsDialog({ open, onOpenChange, userId, pinSet }: Props) {
  // Keyed on `open`: every opening starts empty, and a PIN typed before is never shown again.
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <SafetyPinForm key="form" userId={userId} pinSet={pinSet} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SafetyPinForm({ userId, pinSet, onDone }: { userId: string; pinSet: boolean; onDone: () => void }) {
  const update = useUpdateSafetyPin(userId);
  const form = useSchemaForm(SafetyPinFormSchema, {
    defaultValues: { password: '', safety_pin: '', duress_pin: '' },
  });
  const { errors } = form.formState;

  const refused = (error: unknown): void => {
    // A wrong password belongs to its field; anything else (rate limit, network) is a toast.
    if (error instanceof ApiError && error.code === 'current_password_wrong') {
      form.setError('password', { message: error.message });
    } else notifyError(error);
  };
  const save = form.handleSubmit(({ password, safety_pin, duress_pin }) =>
    update.mutate(
      { password, safety_pin, duress_pin: duress_pin === '' ? null : duress_pin },
      {
        onSuccess: () => {
          toast.success(SAFETY_PIN_SETTINGS_TEXTS.saved);
          onDone();
        },
        onError: refused,
      },
    ),
  );
  const remove = (): void => {
    const parsed = RemoveFormSchema.safeParse({ password: form.getValues('password') });
    if (!parsed.success) {
      form.setError('password', { message: SAFETY_PIN_VALIDATION.passwordRequired });
      return;
    }
    update.mutate(
      { password: parsed.data.password, safety_pin: null },
      {
        onSuccess: () => {
          toast.success(SAFETY_PIN_SETTINGS_TEXTS.removed);
          onDone();
        },
        onError: refused,
      },
    );
  };

  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-col" noValidate>
      <DialogHeader>
        <DialogTitle>{SAFETY_PIN_SETTINGS_TEXTS.title}</DialogTitle>
        <DialogDescription>{SAFETY_PIN_SETTINGS_TEXTS.description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{SAFETY_PIN_SETTINGS_TEXTS.duressExplained}</p>
        <FormField label={SAFETY_PIN_SETTINGS_TEXTS.safetyPin} error={errors.safety_pin?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('safety_pin')}
              type="password"
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label={SAFETY_PIN_SETTINGS_TEXTS.duressPin}
          hint={SAFETY_PIN_SETTINGS_TEXTS.duressHint}
          error={errors.duress_pin?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('duress_pin')}
              type="password"
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label={SAFETY_PIN_SETTINGS_TEXTS.password}
          hint={SAFETY_PIN_SETTINGS_TEXTS.passwordHint}
          error={errors.password?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('password')}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
      </DialogBody>
      <DialogFooter>
        {pinSet ? (
          <Button type="button" variant="outline" onClick={remove} disabled={update.isPending}>
            {SAFETY_PIN_SETTINGS_TEXTS.remove}
          </Button>
        ) : null}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? SAFETY_PIN_SETTINGS_TEXTS.saving : SAFETY_PIN_SETTINGS_TEXTS.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
