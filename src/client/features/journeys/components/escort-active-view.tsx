import { CircleCheck, Map as MapIcon, Plus, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ESCORT } from '#shared/constants';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { LAST_CHANCE_TEXTS } from '#shared/last-chance-texts';
import type { EscortSession } from '#shared/schemas/journey';
import { LiveMap } from '../../../components/map/live-map';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { lazyDialog } from '../../../components/lazy-dialog';
import type { EscortController } from '../hooks/use-escort';
import { CurrentLocationPanel } from './current-location-panel';
import { EscortStatusCards } from './escort-status-cards';
import { LastChancePrompt } from './last-chance-prompt';

type EscortActiveViewProps = {
  session: EscortSession;
  controller: EscortController;
  /** The first ESCORT.contactsShown emergency contacts with call buttons (composed by app/). */
  contacts: ReactNode;
  /** The Safety Map card; without it the Show/Hide toggle is not offered. */
  safetyMap?: ReactNode;
  /** The dialog shows the route map and the current-location panel; the /map page has its own block above. */
  variant: 'dialog' | 'page';
  /** The Video Monitoring card, among the status cards (composed by app/). */
  videoMonitoring?: ReactNode;
  /** The Guardian Video Monitoring panel with Start/Stop Recording (composed by app/). */
  recordingPanel?: ReactNode;
};

/**
 * The active view of the dialog and the /map page: the cards, the route map, the Guardian Video Monitoring panel,
 * where the phone is, the first two contacts, the Safety Map toggle, Add time, and the two buttons that end the escort the same way.
 */
export function EscortActiveView({
  session,
  controller,
  contacts,
  safetyMap,
  variant,
  videoMonitoring,
  recordingPanel,
}: EscortActiveViewProps) {
  const { seconds, position } = controller;
  const contactsId = useId();
  const active = session.status === 'active';
  const last = session.route.at(-1);
  const markerPosition = position.fix
    ? {
        latitude: position.fix.latitude,
        longitude: position.fix.longitude,
        accuracy: position.fix.accuracy,
      }
    : last
      ? { latitude: last.latitude, longitude: last.longitude, accuracy: last.accuracy }
      : null;

  return (
    <div className="flex flex-col gap-4" data-testid="escort-active-view">
      {active ? (
        <LastChancePrompt
          deadline={session.deadline_at}
          lastChanceSeconds={session.last_chance_seconds ?? 0}
          safeLabel={LAST_CHANCE_TEXTS.imSafe}
          onSafe={controller.stop}
          onAddTime={controller.addTime}
          busy={controller.stopping || controller.addingTime}
        />
      ) : null}
      <EscortStatusCards
        session={session}
        seconds={seconds}
        tracking={active && position.tracking}
        videoMonitoring={videoMonitoring}
      />
      {variant === 'dialog' ? (
        <LiveMap label={ESCORT_TEXTS.routeMapLabel} position={markerPosition} route={session.route} />
      ) : null}
      {recordingPanel}
      {variant === 'dialog' ? <CurrentLocationPanel fix={position.fix} error={position.error} /> : null}
      <section aria-labelledby={contactsId} className="flex flex-col gap-2">
        <h3 id={contactsId} className="font-semibold">
          {ESCORT_TEXTS.contactsTitle}
        </h3>
        {contacts}
      </section>
      {safetyMap ? <SafetyMapToggle safetyMap={safetyMap} /> : null}
      {active ? <AddTime controller={controller} /> : null}
      {active ? (
        <StopButtons controller={controller} />
      ) : (
        <Button variant="outline" onClick={controller.startOver}>
          {ESCORT_TEXTS.startOver}
        </Button>
      )}
    </div>
  );
}

const PinPromptDialog = lazyDialog(
  () => import('../../../components/pin-prompt-dialog').then((module) => module.PinPromptDialog),
  (props) => props.open,
);

/** "I'm Safe - Stop Tracking" and "Cancel Escort Mode": both complete the session. */
function StopButtons({ controller }: { controller: EscortController }) {
  return (
    <div className="flex flex-col gap-2">
      {/* Green, not the red primary: this is the all-clear (the same look as the active-alert screen's). */}
      <button
        type="button"
        onClick={controller.stop}
        disabled={controller.stopping}
        className={cn(
          'inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-green-700 px-6 text-base font-semibold text-white shadow-sm transition-colors hover:bg-green-800 active:bg-green-900 disabled:opacity-60',
          focusRing,
        )}
      >
        <CircleCheck className="size-5" aria-hidden />
        {controller.stopping ? ESCORT_TEXTS.stopping : ESCORT_TEXTS.imSafe}
      </button>
      <Button variant="outline" onClick={controller.stop} disabled={controller.stopping}>
        <X aria-hidden />
        {ESCORT_TEXTS.cancel}
      </Button>
      <PinPromptDialog {...controller.pinPrompt} />
    </div>
  );
}

function SafetyMapToggle({ safetyMap }: { safetyMap: ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <Button variant="outline" aria-expanded={shown} onClick={() => setShown((value) => !value)}>
        <MapIcon aria-hidden />
        {shown ? ESCORT_TEXTS.hideSafetyMap : ESCORT_TEXTS.showSafetyMap}
      </Button>
      {shown ? safetyMap : null}
    </div>
  );
}

function AddTime({ controller }: { controller: EscortController }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="font-semibold">
        {ESCORT_TEXTS.addTimeTitle}
      </h3>
      <div className="grid grid-cols-3 gap-2">
        {ESCORT.extendChoicesMinutes.map((minutes) => (
          <Button
            key={minutes}
            variant="secondary"
            onClick={() => controller.addTime(minutes)}
            disabled={controller.addingTime}
          >
            <Plus aria-hidden />
            {ESCORT_TEXTS.addMinutes(minutes)}
          </Button>
        ))}
      </div>
    </section>
  );
}
