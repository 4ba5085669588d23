import 'leaflet/dist/leaflet.css';
import { useMemo, useState, type ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { DEFAULT_TILE_ATTRIBUTION, MAP } from '#shared/constants';
import { env } from '../../lib/env';
import type { MapPoint } from './live-map';

export type BaseMapProps = {
  /** Where the map opens: here at `zoom`, or, while null, the default centre and zoom. */
  initialPosition: MapPoint | null;
  zoom: number;
  /** Shown over the map when tiles failed and none has loaded (offline, blocked, the tile server down). */
  tilesUnavailable: ReactNode;
  /** Markers, lines and map helpers, drawn over the tiles. */
  children?: ReactNode;
};

/**
 * The Leaflet map every map of the app stands on: tiles from VITE_TILE_URL with their attribution, the max zoom,
 * no scroll-wheel zoom, and what to show when no tile loads. Imported only by the lazily loaded map modules, so
 * Leaflet stays out of the first download. See docs/PRODUCT.md#constants-and-limits.
 */
export function BaseMap({ initialPosition, zoom, tilesUnavailable, children }: BaseMapProps) {
  const tiles = useTileStatus();
  return (
    <>
      <MapContainer
        center={
          initialPosition ? [initialPosition.latitude, initialPosition.longitude] : [...MAP.defaultCenter]
        }
        zoom={initialPosition ? zoom : MAP.defaultZoom}
        maxZoom={MAP.maxZoom}
        scrollWheelZoom={false}
        className="size-full"
        style={{ background: 'var(--muted)' }}
      >
        <TileLayer
          url={env.VITE_TILE_URL}
          attribution={DEFAULT_TILE_ATTRIBUTION}
          maxZoom={MAP.maxZoom}
          // Blocked or offline tiles would leave a blank grey box; the map says so instead.
          eventHandlers={tiles.eventHandlers}
        />
        {children}
      </MapContainer>
      {tiles.unavailable ? tilesUnavailable : null}
    </>
  );
}

/**
 * Whether the map is usable: one tile that loads means it is (a later error does not change that, and a tile
 * that loads once the network is back clears the notice); errors with none loaded mean it is not.
 */
function useTileStatus(): {
  unavailable: boolean;
  eventHandlers: { tileload: () => void; tileerror: () => void };
} {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const eventHandlers = useMemo(
    () => ({ tileload: () => setLoaded(true), tileerror: () => setFailed(true) }),
    [],
  );
  return { unavailable: failed && !loaded, eventHandlers };
}
