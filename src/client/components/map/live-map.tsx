import { MapPinOff } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { MAP_TEXTS } from '#shared/contact-texts';
import { cn } from '../../lib/cn';
import { formatCoordinates } from '../../lib/format-coordinates';

export type MapPoint = { latitude: number; longitude: number };
export type MapPosition = MapPoint & { accuracy: number | null };
/** Whether map tiles load: one that loads means the map is usable; errors with none loaded mean it is not. */
export type TileStatus = 'loaded' | 'failed';

export type LiveMapProps = {
  /** The accessible name of the map region, e.g. "Map of Ada's position". */
  label: string;
  /** The marker; null shows the default centre without one. */
  position: MapPosition | null;
  /** The recent route, oldest first, drawn as a line ending at the marker. */
  route?: readonly MapPoint[];
  markerLabel?: string;
  className?: string;
};

// Leaflet is the largest library in the client: it loads with the first map shown, not with the app.
const LeafletMap = lazy(async () => ({ default: (await import('./leaflet-map')).LeafletMap }));

/**
 * A map that follows one moving position. The region and its plain background show at once; the Leaflet map
 * fills it in when its code has loaded (leaflet-map.tsx). When its tiles fail to load (offline, blocked, the
 * tile server down) and none has loaded, it says "Map unavailable" with the coordinates instead of a grey box.
 */
export function LiveMap({ className, ...map }: LiveMapProps) {
  const [tiles, setTiles] = useState<TileStatus | null>(null);
  // A later tile that loads (the network came back) clears the notice; an error after a success does not set it.
  const onTileStatus = useCallback(
    (status: TileStatus) =>
      setTiles((previous) => (status === 'failed' && previous === 'loaded' ? previous : status)),
    [],
  );
  return (
    <section
      aria-label={map.label}
      className={cn('relative isolate h-56 overflow-hidden rounded-xl border bg-muted', className)}
    >
      <Suspense fallback={null}>
        <LeafletMap {...map} onTileStatus={onTileStatus} />
      </Suspense>
      {tiles === 'failed' ? <MapUnavailable position={map.position} /> : null}
    </section>
  );
}

function MapUnavailable({ position }: { position: MapPosition | null }) {
  return (
    <div
      role="status"
      data-testid="map-unavailable"
      className="absolute inset-0 z-[1000] flex flex-col items-center justify-center gap-2 bg-muted p-4 text-center"
    >
      <MapPinOff className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-semibold">{MAP_TEXTS.unavailableTitle}</p>
      <p className="text-sm text-muted-foreground">{MAP_TEXTS.unavailable}</p>
      {position ? (
        <p className="font-mono text-sm">{formatCoordinates(position.latitude, position.longitude)}</p>
      ) : null}
    </div>
  );
}
