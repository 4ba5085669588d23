import { AlertTriangle, Clock, MapPin, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { CHECK_IN_TEXTS } from '#shared/checkin-texts';
import { CHECK_IN } from '#shared/constants';
import type { CheckIn } from '#shared/schemas/journey';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { errorDescription } from '../../../lib/notify-error';
import { pinAsked, pinRefusal } from '../../../lib/pin-asked';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useMinutesRemaining } from '../hooks/use-minutes-remaining';
import { intervalFromInput } from '../utils/check-in-time';

export type CheckInPanelActions = {
  start: (intervalMinutes: number) => Promise<CheckIn>;
  checkInNow: (id: string) => Promise<CheckIn>;
  stop: (id: string, pin?: string) => Promise<CheckIn>;
  pending: boolean;
};

const PinPromptDialog = lazyDialog(
  () => import('../../../components/pin-prompt-dialog').then((module) => module.PinPromptDialog),
  (props) => props.open,
);

type CheckInPanelProps = {
  /** The server's check-in: undefined while it loads, null when there is none. */
  checkIn: CheckIn | null | undefined;
  /** The device's newest tracked position; null while unknown. */
  location: { latitude: number; longitude: number } | null;
  /** The tracker's message (a Tracking message), if any. */
  locationError: string | null;
  actions: CheckInPanelActions;
  /** The emergency contacts, as the app lists them. */
  contacts: ReactNode;
  /** Where "Add emergency contacts" leads (the contacts card). */
  onAddContacts: () => void;
};

/** Was the server's refusal the one for a person without contacts? Its code says so; its wording may change. */
function needsContacts(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'no_emergency_contacts';
}

/**
 * The Safety Check-In page's body (docs/PRODUCT.md#safety-check-in): status, next check-in counted from the
 * server's next_due_at, location, interval, Start / Check-in Now / Stop, and the contacts. Whether a check-in was
 * missed, and whether anyone was told, is the server's word (status `missed`, `alert_id`).
 */
export function CheckInPanel({
  checkIn,
  location,
  locationError,
  actions,
  contacts,
  onAddContacts,
}: CheckInPanelProps) {
  const [intervalInput, setIntervalInput] = useState<string>(String(CHECK_IN.defaultMinutes));
  const [startError, setStartError] = useState<{ message: string; needsContacts: boolean } | null>(null);
  const active = checkIn?.status === 'active' ? checkIn : null;
  const missed = checkIn?.status === 'missed' ? checkIn : null;
  const minutes = useMinutesRemaining(active?.next_due_at ?? null);
  useExpiredToast(checkIn);

  const start = async (): Promise<void> => {
    const minutesToSend = intervalFromInput(intervalInput);
    setIntervalInput(String(minutesToSend));
    setStartError(null);
    try {
      const started = await actions.start(minutesToSend);
      toast.success(CHECK_IN_TEXTS.started, {
        description: CHECK_IN_TEXTS.startedDescription(started.interval_minutes),
      });
    } catch (error) {
      setStartError({ message: errorDescription(error), needsContacts: needsContacts(error) });
    }
  };

  const checkInNow = async (id: string): Promise<void> => {
    const updated = await actions.checkInNow(id).catch(() => null);
    if (updated) {
      toast.success(CHECK_IN_TEXTS.checkedIn, {
        description: CHECK_IN_TEXTS.checkedInDescription(updated.interval_minutes),
      });
    }
  };

  // Stopping a check-in that fell due asks for the safety PIN when the person set one (the server says so).
  const [pinFor, setPinFor] = useState<string | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const stop = async (id: string, pin?: string): Promise<void> => {
    setPinError(null);
    const stopped = await actions.stop(id, pin).catch((error: unknown) => {
      if (pin === undefined && pinAsked(error)) setPinFor(id);
      else if (pin !== undefined) setPinError(pinRefusal(error));
      return null;
    });
    if (stopped) {
      setPinFor(null);
      toast.success(CHECK_IN_TEXTS.stopped);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {missed ? <MissedNotice missed={missed} /> : null}
      <Card className="flex flex-col gap-4 p-5" aria-labelledby="checkin-status-title">
        <div className="flex items-center justify-between gap-2">
          <CardTitle as="h2" id="checkin-status-title">
            {CHECK_IN_TEXTS.statusLabel}
          </CardTitle>
          <StatusBadge checkIn={checkIn} />
        </div>
        {/* Each group is one div of a dt and its dd (what a definition list may hold); the icon is in the dt. */}
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="flex items-center gap-3 font-medium">
              <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {CHECK_IN_TEXTS.nextLabel}
            </dt>
            <dd data-testid="checkin-next" className="pl-7 text-muted-foreground">
              {minutes === null
                ? CHECK_IN_TEXTS.notScheduled
                : minutes === 0
                  ? CHECK_IN_TEXTS.dueNow
                  : CHECK_IN_TEXTS.minutesRemaining(minutes)}
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-3 font-medium">
              <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {CHECK_IN_TEXTS.locationLabel}
            </dt>
            <dd data-testid="checkin-location" className="pl-7 font-mono text-muted-foreground">
              {location
                ? `${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`
                : CHECK_IN_TEXTS.locationUnknown}
            </dd>
            {locationError ? (
              <dd role="status" className="mt-1 pl-7 text-warning">
                {locationError}
              </dd>
            ) : null}
          </div>
        </dl>
        <FormField label={CHECK_IN_TEXTS.intervalLabel} hint={CHECK_IN_TEXTS.intervalHint}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={CHECK_IN.minMinutes}
              max={CHECK_IN.maxMinutes}
              value={active ? String(active.interval_minutes) : intervalInput}
              onChange={(event) => setIntervalInput(event.target.value)}
              disabled={active !== null}
            />
          )}
        </FormField>
        {startError ? (
          <div role="alert" className="flex flex-col gap-2 rounded-lg bg-primary-soft p-3 text-sm">
            <p className="text-primary-text">{startError.message}</p>
            {startError.needsContacts ? (
              <Button variant="outline" size="sm" className="self-start" onClick={onAddContacts}>
                {CHECK_IN_TEXTS.addContacts}
              </Button>
            ) : null}
          </div>
        ) : null}
        {active ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" onClick={() => void checkInNow(active.id)} disabled={actions.pending}>
              <ShieldCheck aria-hidden />
              {CHECK_IN_TEXTS.checkInNow}
            </Button>
            <Button
              variant="outline"
              className="flex-1"
              onClick={() => void stop(active.id)}
              disabled={actions.pending}
            >
              {CHECK_IN_TEXTS.stop}
            </Button>
          </div>
        ) : (
          <Button onClick={() => void start()} disabled={actions.pending || checkIn === undefined}>
            {actions.pending ? CHECK_IN_TEXTS.starting : CHECK_IN_TEXTS.start}
          </Button>
        )}
      </Card>
      <Card className="flex flex-col gap-3 p-5" aria-labelledby="checkin-contacts-title">
        <div>
          <CardTitle as="h2" id="checkin-contacts-title">
            {CHECK_IN_TEXTS.contactsTitle}
          </CardTitle>
          <CardDescription className="mt-1">{CHECK_IN_TEXTS.contactsDescription}</CardDescription>
        </div>
        {contacts}
      </Card>
      <PinPromptDialog
        open={pinFor !== null}
        onOpenChange={(open) => {
          if (!open && !actions.pending) setPinFor(null);
        }}
        onPin={(pin) => {
          if (pinFor) void stop(pinFor, pin);
        }}
        pending={actions.pending}
        error={pinError}
      />
    </div>
  );
}

function StatusBadge({ checkIn }: { checkIn: CheckIn | null | undefined }) {
  if (checkIn?.status === 'active') return <Badge tone="success">{CHECK_IN_TEXTS.statusActive}</Badge>;
  if (checkIn?.status === 'missed') return <Badge tone="danger">{CHECK_IN_TEXTS.statusMissed}</Badge>;
  return <Badge>{CHECK_IN_TEXTS.statusInactive}</Badge>;
}

/** Says contacts were notified only when the server raised the alert (alert_id). */
function MissedNotice({ missed }: { missed: CheckIn }) {
  return (
    <div
      role="alert"
      data-testid="checkin-expired"
      className="flex gap-3 rounded-xl border border-red-600/40 bg-primary-soft p-4"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-primary-text" aria-hidden />
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-semibold text-primary-text">{CHECK_IN_TEXTS.expiredTitle}</p>
        <p>{missed.alert_id ? CHECK_IN_TEXTS.expiredNotified : CHECK_IN_TEXTS.expiredNotNotified}</p>
        <p className="text-muted-foreground">{CHECK_IN_TEXTS.expiredStartAgain}</p>
      </div>
    </div>
  );
}

/** The "Check-in Expired" toast, once, when a check-in this screen saw active comes back missed. */
function useExpiredToast(checkIn: CheckIn | null | undefined): void {
  const seenActive = useRef<string | null>(null);
  useEffect(() => {
    if (!checkIn) return;
    if (checkIn.status === 'active') {
      seenActive.current = checkIn.id;
      return;
    }
    if (checkIn.status !== 'missed' || seenActive.current !== checkIn.id) return;
    seenActive.current = null;
    toast.error(CHECK_IN_TEXTS.expiredTitle, {
      description: checkIn.alert_id ? CHECK_IN_TEXTS.expiredNotified : CHECK_IN_TEXTS.expiredNotNotified,
    });
  }, [checkIn]);
}
