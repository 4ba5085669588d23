import { Navigation, UserRoundX } from 'lucide-react';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { ESCORT, LIMITS } from '#shared/constants';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { ESCORT_API_TEXTS } from '#shared/journey-texts';
import { StartEscortRequestSchema, type StartEscortRequest } from '#shared/schemas/journey';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useDevice } from '../../../lib/device/device-context';
import { useSchemaForm } from '../../../lib/use-schema-form';

type EscortSetupFormProps = {
  onStart: (request: StartEscortRequest) => void;
  starting: boolean;
  /** A current GPS fix: without one a start says 'Location Required' (an escort must be tracked from the start). */
  hasLocation: boolean;
  /**
   * The person has neither an emergency contact nor a guardian, so nobody would be told when time runs out: the
   * form says so (the server's words) and does not start.
   */
  nobodyToTell?: boolean;
  /** Where "Add emergency contacts" leads (shown with the notice above). */
  onAddContacts?: () => void;
};

/**
 * The setup view of the dialog and the /map page: destination, duration (5 to 180, default 30), how it works,
 * and Start, disabled while the destination is empty, the duration below 5, or nobody could be told. Start
 * checks both fields with the schema the server applies; a field that fails says why under it.
 */
export function EscortSetupForm({
  onStart,
  starting,
  hasLocation,
  nobodyToTell = false,
  onAddContacts,
}: EscortSetupFormProps) {
  const { geolocation } = useDevice();
  const noticeId = useId();
  const form = useSchemaForm(StartEscortRequestSchema, {
    defaultValues: { destination_address: '', estimated_duration_minutes: ESCORT.defaultMinutes },
  });
  const { errors } = form.formState;
  // An emptied duration reads NaN (valueAsNumber), which is below the floor too.
  const [destination, minutes] = useWatch({
    control: form.control,
    name: ['destination_address', 'estimated_duration_minutes'],
  });
  const disabled = destination === '' || !(minutes >= ESCORT.minMinutes) || starting || nobodyToTell;

  const submit = form.handleSubmit((request) => {
    if (geolocation.isSupported?.() === false) {
      toast.error(ESCORT_TEXTS.gpsNotAvailableTitle, { description: ESCORT_TEXTS.gpsNotAvailable });
      return;
    }
    if (!hasLocation) {
      toast.error(ESCORT_TEXTS.locationRequiredTitle, { description: ESCORT_TEXTS.locationRequired });
      return;
    }
    onStart(request);
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {/* First, so it is read before anything is typed. */}
      {nobodyToTell ? <NobodyToTell id={noticeId} onAddContacts={onAddContacts} /> : null}
      <FormField label={ESCORT_TEXTS.destination} error={errors.destination_address?.message}>
        {(control) => (
          <Input
            {...control}
            placeholder={ESCORT_TEXTS.destinationPlaceholder}
            autoComplete="street-address"
            maxLength={LIMITS.address.max}
            {...form.register('destination_address')}
          />
        )}
      </FormField>
      <FormField label={ESCORT_TEXTS.duration} error={errors.estimated_duration_minutes?.message}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={ESCORT.minMinutes}
            max={ESCORT.maxMinutes}
            {...form.register('estimated_duration_minutes', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <HowEscortWorks />
      <Button
        type="submit"
        size="lg"
        disabled={disabled}
        aria-describedby={nobodyToTell ? noticeId : undefined}
      >
        <Navigation aria-hidden />
        {starting ? ESCORT_TEXTS.starting : ESCORT_TEXTS.start}
      </Button>
    </form>
  );
}

/** Why Start is off: the server refuses an escort nobody would hear about (POST /api/escort-sessions). */
function NobodyToTell({ id, onAddContacts }: { id: string; onAddContacts?: () => void }) {
  return (
    <div
      data-testid="escort-nobody-to-tell"
      className="flex flex-col gap-2 rounded-xl bg-primary-soft p-3 text-sm"
    >
      <p id={id} className="flex gap-2 text-primary-text">
        <UserRoundX className="mt-0.5 size-4 shrink-0" aria-hidden />
        {ESCORT_API_TEXTS.needsSomeoneToTell}
      </p>
      {onAddContacts ? (
        <Button variant="outline" size="sm" className="self-start" onClick={onAddContacts}>
          {ESCORT_TEXTS.addContacts}
        </Button>
      ) : null}
    </div>
  );
}

/** The explainer: only what Beacon does (the server keeps the deadline; nothing is filmed). */
function HowEscortWorks() {
  return (
    <section aria-label={ESCORT_TEXTS.howItWorksTitle} className="rounded-xl bg-info-soft p-4 text-sm">
      <h3 className="mb-2 font-semibold text-info">{ESCORT_TEXTS.howItWorksTitle}</h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {ESCORT_TEXTS.howItWorks.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
