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
import { EscortSetupForm } from '../../features/journeys/components/escort-setup-form';
import { useEscort } from '../../features/journeys/hooks/use-escort';
import { useRequiredSession } from '../hooks/use-required-session';
import { EscortContacts } from './escort-contacts';

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

/** Mounted while the dialog is open: the GPS is only read while it shows an active escort. */
function EscortDialogBody({ safetyMap }: { safetyMap?: ReactNode }) {
  const userId = useRequiredSession().user.id;
  // The app's one tracker: the escort falls back to its newest reading when the GPS is slow to answer.
  const tracked = useTrackedLocation();
  const escort = useEscort(userId, { pollWhenIdle: false, tracked: tracked.latest });
  if (escort.session === undefined) {
    return escort.isError ? (
      <p role="alert">{ESCORT_TEXTS.loadFailed}</p>
    ) : (
      <Spinner className="mx-auto my-10 size-8 text-muted-foreground" />
    );
  }
  if (escort.session === null) {
    return <EscortSetupForm onStart={escort.start} starting={escort.starting} />;
  }
  return (
    <EscortActiveView
      session={escort.session}
      controller={escort}
      contacts={<EscortContacts userId={userId} />}
      safetyMap={safetyMap}
      variant="dialog"
    />
  );
}
