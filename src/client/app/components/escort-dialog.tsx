import { Navigation } from 'lucide-react';
import { useTrackedLocation } from '../../features/tracking/hooks/use-tracked-location';
import type { ReactNode } from 'react';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { EscortActiveView } from '../../features/journeys/components/escort-active-view';
import { CurrentLocationPanel } from '../../features/journeys/components/current-location-panel';
import { useEscort } from '../../features/journeys/hooks/use-escort';
import { useRequiredSession } from '../hooks/use-required-session';
import { useEscortRecording } from '../hooks/use-escort-recording';
import { useShownJourney } from '../hooks/use-shown-journey';
import { EscortContacts } from './escort-contacts';
import { LazyGuardianVideoMonitoringPanel, LazyVideoMonitoringCard } from './lazy-escort-recording';
import { EscortSetup, useNobodyToTell } from './escort-setup';

export type EscortDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Safety Map card, loaded on demand by the caller; without it there is no Show/Hide Safety Map. */
  safetyMap?: ReactNode;
};

/**
 * The Escort Mode dialog (docs/PRODUCT.md#escort-mode), for screens under <RequireSession>; open it with
 * `lazyDialog` so its code downloads when first opened. Setup, then the active view of the server's session.
 */
export function EscortDialog({ open, onOpenChange, safetyMap }: EscortDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="fullscreen">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Navigation className="size-5 text-info" aria-hidden />
            {ESCORT_TEXTS.title}
          </DialogTitle>
          <DialogDescription>{ESCORT_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogBody>{open ? <EscortDialogBody safetyMap={safetyMap} /> : null}</DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Mounted while the dialog is open: the GPS is read while it shows (a start needs a fix, as on /map), with where
 * the phone is shown above the setup.
 */
function EscortDialogBody({ safetyMap }: { safetyMap?: ReactNode }) {
  const userId = useRequiredSession().user.id;
  // The app's one tracker: the escort falls back to its newest reading when the GPS is slow to answer.
  const tracked = useTrackedLocation();
  const { nobodyToTell, recheck } = useNobodyToTell(userId);
  const escort = useEscortRecording(useEscort(userId, { tracked: tracked.latest, onNobodyToTell: recheck }));
  const session = useShownJourney(userId, escort.session, escort.sessionUpdatedAt);
  const { position } = escort;
  if (session === undefined) {
    return escort.isError ? (
      <p role="alert">{ESCORT_TEXTS.loadFailed}</p>
    ) : (
      <Spinner className="mx-auto my-10 size-8 text-muted-foreground" />
    );
  }
  if (session === null) {
    return (
      <div className="flex flex-col gap-4">
        <CurrentLocationPanel fix={position.fix} error={position.error} onRefresh={position.refresh} />
        <EscortSetup
          userId={userId}
          nobodyToTell={nobodyToTell}
          hasLocation={position.fix !== null}
          onStart={escort.start}
          starting={escort.starting}
        />
      </div>
    );
  }
  return (
    <EscortActiveView
      session={session}
      controller={escort}
      contacts={<EscortContacts userId={userId} />}
      safetyMap={safetyMap}
      variant="dialog"
      videoMonitoring={<LazyVideoMonitoringCard />}
      recordingPanel={<LazyGuardianVideoMonitoringPanel userId={userId} session={session} />}
    />
  );
}
