import { PhoneCall } from 'lucide-react';
import { FAKE_CALL } from '#shared/fake-call';
import { FAKE_CALL_TEXTS } from '#shared/fake-call-texts';
import { FakeCallFormSchema } from '#shared/schemas/fake-call-form';
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
import { cn } from '../../../lib/cn';
import { getAudioContext, isSoundEnabled } from '../../../lib/sounds';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { callerNameChoice } from '../stores/caller-name';
import { scheduleFakeCall } from '../stores/fake-call-store';
import { primeAudio } from '../utils/ringtone';

type FakeCallDialogProps = {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Fake Call (docs/PRODUCT.md#fake-call), opened from its quick action with `lazyDialog`: who calls (remembered on
 * this phone) and when. Scheduling closes the dialog; the app shell's host rings the call on whichever screen the
 * person is then (fake-call-host.tsx).
 */
export function FakeCallDialog({ userId, open, onOpenChange }: FakeCallDialogProps) {
  const form = useSchemaForm(FakeCallFormSchema, {
    defaultValues: { callerName: callerNameChoice(userId).get(), delayMs: String(FAKE_CALL.defaultDelayMs) },
  });
  const { errors } = form.formState;
  const soundOn = isSoundEnabled();

  const submit = form.handleSubmit(({ callerName, delayMs }) => {
    // Still within the tap: the ringtone may have to start minutes from now, without one.
    if (soundOn) primeAudio(getAudioContext());
    callerNameChoice(userId).set(callerName);
    scheduleFakeCall(callerName, delayMs);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <PhoneCall className="size-5 text-primary-text" aria-hidden />
            {FAKE_CALL_TEXTS.title}
          </DialogTitle>
          <DialogDescription>{FAKE_CALL_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <FormField
              label={FAKE_CALL_TEXTS.callerName}
              hint={FAKE_CALL_TEXTS.callerNameHint}
              error={errors.callerName?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  maxLength={FAKE_CALL.callerNameMaxLength}
                  {...form.register('callerName')}
                />
              )}
            </FormField>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm leading-none font-medium">{FAKE_CALL_TEXTS.delay}</legend>
              <div className="grid grid-cols-4 gap-2">
                {FAKE_CALL.delaysMs.map((delay) => (
                  <label key={delay} className="flex">
                    <input
                      type="radio"
                      value={String(delay)}
                      className="peer sr-only"
                      {...form.register('delayMs')}
                    />
                    <span
                      className={cn(
                        'flex h-11 w-full cursor-pointer items-center justify-center rounded-lg border border-input bg-card text-sm font-medium',
                        'peer-checked:border-primary peer-checked:bg-primary-soft peer-checked:text-primary-text',
                        'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
                      )}
                    >
                      {FAKE_CALL_TEXTS.delayLabels[delay]}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
              {FAKE_CALL_TEXTS.keepOpen}
            </p>
            {soundOn ? null : (
              <p className="rounded-lg bg-warning-soft p-3 text-sm text-foreground">
                {FAKE_CALL_TEXTS.soundOff}
              </p>
            )}
            <Button type="submit" size="lg">
              <PhoneCall aria-hidden />
              {FAKE_CALL_TEXTS.schedule}
            </Button>
          </form>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
