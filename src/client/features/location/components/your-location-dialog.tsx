import { AlertTriangle, LocateFixed } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LOCATION_DIALOG } from '#shared/constants';
import { LOCATION_DIALOG_TEXTS } from '#shared/location-dialog-texts';
import { LiveMap } from '../../../components/map/live-map';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDevice } from '../../../lib/device/device-context';
import type { Position } from '../../../lib/device/geolocation';
import { geolocationErrorMessage, getPreciseLocation } from '../utils/precise-location';

type YourLocationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type LocationState = { position: Position | null; busy: boolean; error: string | null };

const IDLE: LocationState = { position: null, busy: false, error: null };

/**
 * Your Location (docs/PRODUCT.md#your-location-dialog): Get Current Location takes a two-phase fix and shows
 * latitude and longitude to 6 decimals, the accuracy in metres, and a map at zoom 17 with the marker and the
 * accuracy circle. Without a fix it says the location is unknown: it never shows a made-up position.
 */
export function YourLocationDialog({ open, onOpenChange }: YourLocationDialogProps) {
  const { geolocation } = useDevice();
  const [state, setState] = useState<LocationState>(IDLE);
  // Answers of a request made before the dialog closed (or before a newer request) are ignored.
  const request = useRef(0);

  useEffect(() => {
    if (open) return;
    request.current += 1;
    setState((previous) => ({ ...previous, busy: false }));
  }, [open]);

  useEffect(
    () => () => {
      request.current += 1;
    },
    [],
  );

  const locate = (): void => {
    const id = ++request.current;
    const current = (): boolean => request.current === id;
    setState((previous) => ({ ...previous, busy: true, error: null }));
    getPreciseLocation(geolocation, (position) => {
      if (current()) setState((previous) => ({ ...previous, position }));
    })
      .then(() => {
        if (current()) setState((previous) => ({ ...previous, busy: false }));
      })
      .catch((error: unknown) => {
        if (current()) setState({ position: null, busy: false, error: geolocationErrorMessage(error) });
      });
  };

  const { position, busy, error } = state;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex flex-col gap-4 overflow-y-auto p-5">
        <div className="flex flex-col gap-1 pr-8">
          <DialogTitle>{LOCATION_DIALOG_TEXTS.title}</DialogTitle>
          <DialogDescription>{LOCATION_DIALOG_TEXTS.description}</DialogDescription>
        </div>
        <Button onClick={locate} disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : <LocateFixed aria-hidden />}
          {busy ? LOCATION_DIALOG_TEXTS.getting : LOCATION_DIALOG_TEXTS.getLocation}
        </Button>
        {error ? (
          <p role="alert" className="rounded-lg bg-primary-soft p-3 text-sm text-primary-text">
            {error}
          </p>
        ) : null}
        {position ? (
          <PositionDetails position={position} />
        ) : (
          <div data-testid="location-unknown" className="rounded-lg border p-3 text-sm">
            <p className="font-medium">{LOCATION_DIALOG_TEXTS.unknown}</p>
            {error || busy ? null : (
              <p className="text-muted-foreground">{LOCATION_DIALOG_TEXTS.unknownHint}</p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PositionDetails({ position }: { position: Position }) {
  const lowAccuracy =
    Number.isFinite(position.accuracy) && position.accuracy > LOCATION_DIALOG.accuracyWarningMeters;
  return (
    <>
      <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="location-readout">
        <div>
          <dt className="text-muted-foreground">{LOCATION_DIALOG_TEXTS.latitude}</dt>
          <dd className="font-mono">{position.latitude.toFixed(6)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{LOCATION_DIALOG_TEXTS.longitude}</dt>
          <dd className="font-mono">{position.longitude.toFixed(6)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{LOCATION_DIALOG_TEXTS.accuracy}</dt>
          <dd className="font-mono">
            {Number.isFinite(position.accuracy)
              ? LOCATION_DIALOG_TEXTS.accuracyValue(position.accuracy)
              : LOCATION_DIALOG_TEXTS.accuracyUnknown}
          </dd>
        </div>
      </dl>
      {lowAccuracy ? (
        <p role="status" className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {LOCATION_DIALOG_TEXTS.lowAccuracy}
        </p>
      ) : null}
      <LiveMap
        label={LOCATION_DIALOG_TEXTS.mapLabel}
        markerLabel={LOCATION_DIALOG_TEXTS.markerLabel}
        position={position}
        zoom={LOCATION_DIALOG.mapZoom}
      />
    </>
  );
}
