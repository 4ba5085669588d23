import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';

export type MapPoint = { latitude: number; longitude: number };
export type MapPosition = MapPoint & { accuracy: number | null };

export type LiveMapProps = {
  /** The accessible name of the map region, e.g. "Map of Ada's position". */
  label: string;
  /** The marker; null shows the default centre without one. */
  position: MapPosition | null;
  /** The recent route, oldest first, drawn as a line ending at the marker. */
  route?: readonly MapPoint[];
  markerLabel?: string;
  /** The zoom once there is a position (default MAP.firstFixZoom; the Your Location dialog uses 17). */
  zoom?: number;
  className?: string;
};

// Leaflet is the largest library in the client: it loads with the first map shown, not with the app.
const LeafletMap = lazy(async () => ({ default: (await import('./leaflet-map')).LeafletMap }));

/**
 * A map that follows one moving position. The region and its plain background show at once; the Leaflet map
 * fills it in when its code has loaded (leaflet-map.tsx), which says "Map unavailable" with the coordinates
 * when no tile can load.
 */
export function LiveMap({ className, ...map }: LiveMapProps) {
  return (
    <section
      aria-label={map.label}
      className={cn('relative isolate h-56 overflow-hidden rounded-xl border bg-muted', className)}
    >
      <Suspense fallback={null}>
        <LeafletMap {...map} />
      </Suspense>
    </section>
  );
}
