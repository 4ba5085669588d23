import { Navigation } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ESCORT } from '#shared/constants';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { StartEscortRequestSchema, type StartEscortRequest } from '#shared/schemas/journey';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useDevice } from '../../../lib/device/device-context';

type EscortSetupFormProps = {
  onStart: (request: StartEscortRequest) => void;
  starting: boolean;
  /** The /map page: a start needs a current GPS fix ('Location Required' otherwise). */
  requireLocation?: boolean;
  hasLocation?: boolean;
};

/**
 * The setup view of the dialog and the /map page: destination, duration (5 to 180, default 30), how it works,
 * and Start, disabled while the destination is empty or the duration below 5.
 */
export function EscortSetupForm({
  onStart,
  starting,
  requireLocation = false,
  hasLocation = false,
}: EscortSetupFormProps) {
  const { geolocation } = useDevice();
  const [destination, setDestination] = useState('');
  const [duration, setDuration] = useState(String(ESCORT.defaultMinutes));
  const minutes = duration === '' ? Number.NaN : Number(duration);
  const disabled = destination === '' || !(minutes >= ESCORT.minMinutes) || starting;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const parsed = StartEscortRequestSchema.safeParse({
      destination_address: destination,
      estimated_duration_minutes: minutes,
    });
    if (!parsed.success) {
      toast.error(ESCORT_TEXTS.invalidInputTitle, {
        description: parsed.error.issues[0]?.message ?? ESCORT_TEXTS.invalidInput,
      });
      return;
    }
    if (geolocation.isSupported?.() === false) {
      toast.error(ESCORT_TEXTS.gpsNotAvailableTitle, { description: ESCORT_TEXTS.gpsNotAvailable });
      return;
    }
    if (requireLocation && !hasLocation) {
      toast.error(ESCORT_TEXTS.locationRequiredTitle, { description: ESCORT_TEXTS.locationRequired });
      return;
    }
    onStart(parsed.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label={ESCORT_TEXTS.destination}>
        {(control) => (
          <Input
            {...control}
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            placeholder={ESCORT_TEXTS.destinationPlaceholder}
            autoComplete="street-address"
            maxLength={200}
          />
        )}
      </FormField>
      <FormField label={ESCORT_TEXTS.duration}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={ESCORT.minMinutes}
            max={ESCORT.maxMinutes}
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
          />
        )}
      </FormField>
      <HowEscortWorks />
      <Button type="submit" size="lg" disabled={disabled}>
        <Navigation aria-hidden />
        {starting ? ESCORT_TEXTS.starting : ESCORT_TEXTS.start}
      </Button>
    </form>
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
