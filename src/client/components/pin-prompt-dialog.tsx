import { useEffect } from 'react';
import { PIN_PROMPT_TEXTS } from '#shared/safety-pin-texts';
import { SafetyPinCheckRequestSchema } from '#shared/schemas/safety-pin';
import { useSchemaForm } from '../lib/use-schema-form';
import { ConfirmDialog } from './ui/confirm-dialog';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

type PinPromptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with a well-formed PIN; the caller sends it and reports back through `pending` and `error`. */
  onPin: (pin: string) => void;
  pending?: boolean;
  /** The server's refusal (a wrong PIN, too many): the same words whichever PIN was typed. */
  error?: string | null;
  description?: string;
};

/**
 * The safety PIN asked before ending an alert, a late journey or a detected danger's countdown
 * (docs/PRODUCT.md#safety-pin-and-duress-pin). It looks and answers the same for the safety PIN and the duress PIN:
 * only the server knows which was typed. Digits only, never kept; loaded on demand with the screens that ask.
 */
export function PinPromptDialog({
  open,
  onOpenChange,
  onPin,
  pending = false,
  error,
  description = PIN_PROMPT_TEXTS.description,
}: PinPromptDialogProps) {
  const form = useSchemaForm(SafetyPinCheckRequestSchema, { defaultValues: { pin: '' } });
  const { reset } = form;
  // A new question starts empty: a PIN typed before is never shown again.
  useEffect(() => {
    if (open) reset({ pin: '' });
  }, [open, reset]);
  const fieldError = form.formState.errors.pin?.message ?? error ?? null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={PIN_PROMPT_TEXTS.title}
      description={description}
      cancelLabel={PIN_PROMPT_TEXTS.cancel}
      confirmLabel={PIN_PROMPT_TEXTS.confirm}
      pendingLabel={PIN_PROMPT_TEXTS.checking}
      pending={pending}
      onConfirm={() => void form.handleSubmit(({ pin }) => onPin(pin))()}
    >
      <FormField label={PIN_PROMPT_TEXTS.label} error={fieldError}>
        {(control) => (
          <Input
            {...control}
            {...form.register('pin')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            className="text-center text-2xl tracking-[0.5em]"
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
