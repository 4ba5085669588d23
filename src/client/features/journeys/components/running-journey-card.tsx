import { Link } from 'react-router';
import { ESCORT } from '#shared/constants';
import { LAST_CHANCE_TEXTS } from '#shared/last-chance-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCountdown, secondsUntil } from '../../../lib/journey-format';
import { notifyError } from '../../../lib/notify-error';
import { paths } from '../../../lib/paths';
import { useActiveCheckIn, useCheckInActions } from '../hooks/use-check-in';
import { useActiveEscort, useExtendEscort } from '../hooks/use-active-escort';
import { useEscortCompletion } from '../hooks/use-escort-completion';
import { lazyDialog } from '../../../components/lazy-dialog';
import { journeyPhase, type JourneyPhase } from '../utils/journey-phase';
import { LastChancePrompt, useAlertOnPhase, useJourneyClock } from './last-chance-prompt';

const ALERTING: readonly JourneyPhase[] = ['warning', 'last_chance'];
const PinPromptDialog = lazyDialog(
  () => import('../../../components/pin-prompt-dialog').then((module) => module.PinPromptDialog),
  (props: { open: boolean }) => props.open,
);
const ADD_MINUTES = ESCORT.extendChoicesMinutes[1];

/**
 * The dashboard's card of a running escort or check-in (docs/PRODUCT.md#last-chance-before-contacts-are-texted):
 * its time left and "I'm Safe" (or Check In Now); in the last five minutes a warning; past the deadline, while
 * the server waits the person's last chance, "Are you safe?" with a countdown to when the contacts are texted and
 * Add time. The warning and the last chance sound and vibrate with Sound on. Nothing when no journey runs.
 */
export function RunningJourneyCard({ userId }: { userId: string | undefined }) {
  const escort = useActiveEscort(userId).data;
  const checkIn = useActiveCheckIn(userId).data;
  const completion = useEscortCompletion(userId ?? '');
  const extendEscort = useExtendEscort(userId ?? '');
  const checkIns = useCheckInActions(userId);
  const running = escort?.status === 'active' ? escort : null;
  const runningCheckIn = !running && checkIn?.status === 'active' ? checkIn : null;
  const deadline = running?.deadline_at ?? runningCheckIn?.next_due_at ?? null;
  const lastChance = (running ?? runningCheckIn)?.last_chance_seconds ?? 0;
  const now = useJourneyClock(deadline);
  const phase = deadline ? journeyPhase(deadline, lastChance, now) : null;
  useAlertOnPhase(phase, deadline, ALERTING);
  if (!deadline || !phase) return null;

  const busy = completion.completing || extendEscort.isPending || checkIns.pending;
  const imSafe = () => {
    if (running) completion.complete(running.id);
    else if (runningCheckIn) void checkIns.checkInNow(runningCheckIn.id).catch(notifyError);
  };
  const safeLabel = running ? LAST_CHANCE_TEXTS.imSafe : LAST_CHANCE_TEXTS.checkIn;
  const addTime = running ? (minutes: number) => extendEscort.mutate({ id: running.id, minutes }) : undefined;
  const prompt = phase === 'last_chance' || phase === 'waiting';

  return (
    <Card
      aria-labelledby="running-journey-title"
      data-testid="running-journey"
      data-phase={phase}
      className={cn('flex flex-col gap-3 p-4', prompt && 'border-primary')}
    >
      <div className="flex items-baseline justify-between gap-3">
        <CardTitle id="running-journey-title" className="break-words">
          {running
            ? LAST_CHANCE_TEXTS.escortCardTitle(running.destination_address)
            : LAST_CHANCE_TEXTS.checkInCardTitle}
        </CardTitle>
        <span
          data-testid="running-journey-time-left"
          className={cn(
            'shrink-0 font-mono text-lg font-bold tabular-nums',
            phase !== 'running' && 'text-primary-text',
          )}
        >
          {LAST_CHANCE_TEXTS.timeLeft(formatCountdown(secondsUntil(deadline, now)))}
        </span>
      </div>
      {phase === 'warning' ? (
        <div role="status" className="rounded-xl bg-warning-soft p-3 text-sm">
          <p className="font-semibold">{LAST_CHANCE_TEXTS.warningTitle}</p>
          <p>{LAST_CHANCE_TEXTS.warningBody}</p>
        </div>
      ) : null}
      {prompt ? (
        <LastChancePrompt
          deadline={deadline}
          lastChanceSeconds={lastChance}
          safeLabel={safeLabel}
          onSafe={imSafe}
          onAddTime={addTime}
          busy={busy}
          alerts={false}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {prompt ? null : (
          <Button className="flex-1" disabled={busy} onClick={imSafe}>
            {safeLabel}
          </Button>
        )}
        {running && phase === 'warning' ? (
          <Button variant="outline" disabled={busy} onClick={() => addTime?.(ADD_MINUTES)}>
            {`${LAST_CHANCE_TEXTS.addTime} (${LAST_CHANCE_TEXTS.addTimeMinutes(ADD_MINUTES)})`}
          </Button>
        ) : null}
        <Button variant="ghost" asChild>
          <Link to={running ? paths.map : paths.checkin}>
            {running ? LAST_CHANCE_TEXTS.openEscort : LAST_CHANCE_TEXTS.openCheckIn}
          </Link>
        </Button>
      </div>
      <PinPromptDialog {...completion.pinPrompt} />
    </Card>
  );
}
