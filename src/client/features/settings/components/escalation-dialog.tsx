import { ESCALATION_SETTINGS_TEXTS as TEXTS } from '#shared/escalation-settings-texts';
import { EscalationSecondsFormSchema, type EscalationSettings } from '#shared/schemas/escalation-settings';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateEscalationSettings } from '../api/escalation-settings';

type EscalationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  /** The time as the server has it; the dialog opens only once it is known. */
  settings: EscalationSettings | undefined;
};

/**
 * Emergency Settings › When nobody answers: the escalation rules in plain words with the person's own time, and
 * the field to change it (loaded on demand, with its texts).
 */
export function EscalationDialog({ open, onOpenChange, userId, settings }: EscalationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TEXTS.dialogTitle}</DialogTitle>
          <DialogDescription>{TEXTS.dialogDescription}</DialogDescription>
        </DialogHeader>
        {open && settings ? (
          <EscalationForm userId={userId} settings={settings} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EscalationForm({
  userId,
  settings,
  onDone,
}: {
  userId: string;
  settings: EscalationSettings;
  onDone: () => void;
}) {
  const update = useUpdateEscalationSettings(userId);
  const form = useSchemaForm(EscalationSecondsFormSchema, {
    defaultValues: { escalation_seconds: settings.escalation_seconds },
  });
  const { errors } = form.formState;
  const save = (seconds: number | null): void =>
    update.mutate(
      { escalation_seconds: seconds },
      {
        onSuccess: () => {
          toast.success(TEXTS.saved);
          onDone();
        },
      },
    );

  return (
    <DialogBody className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
        {TEXTS.rules(settings.escalation_seconds).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">{TEXTS.callNote}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit(({ escalation_seconds }) => save(escalation_seconds))}
        className="flex flex-col gap-4"
      >
        <FormField
          label={TEXTS.fieldLabel}
          hint={TEXTS.fieldHint(settings.default_seconds)}
          error={errors.escalation_seconds?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              step={1}
              {...form.register('escalation_seconds', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {settings.chosen ? (
            <Button type="button" variant="outline" disabled={update.isPending} onClick={() => save(null)}>
              {TEXTS.useDefault}
            </Button>
          ) : null}
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? TEXTS.saving : TEXTS.save}
          </Button>
        </div>
      </form>
    </DialogBody>
  );
}
