import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapPinOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Circle, MapContainer, Marker, Polyline, TileLayer, useMap } from 'react-leaflet';
import { DEFAULT_TILE_ATTRIBUTION, MAP } from '#shared/constants';
import { MAP_TEXTS } from '#shared/track-page-texts';
import { formatCoordinates } from '../../lib/format-coordinates';
import { env } from '../../lib/env';
import type { LiveMapProps, MapPoint, MapPosition } from './live-map';

// Bundled builds break Leaflet's icon path detection (the default marker 404s): give it the bundled images.
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

const toLatLng = (point: MapPoint): [number, number] => [point.latitude, point.longitude];

/**
 * The Leaflet part of `LiveMap` (live-map.tsx), in its own module so Leaflet loads only when a map is shown.
 * Default centre and zoom, zoom 15 on the first fix. Tiles come from VITE_TILE_URL; each tile's outcome is
 * reported so the map can say when none loads. See docs/PRODUCT.md#constants-and-limits.
 */
export function LeafletMap({
  label,
  position,
  route = [],
  markerLabel,
  zoom = MAP.firstFixZoom,
}: LiveMapProps) {
  const [tiles, setTiles] = useState<TileStatus | null>(null);
  // A tile that loads later (the network came back) clears the notice; an error after a success does not set it.
  const onTileStatus = useCallback(
    (status: TileStatus) =>
      setTiles((previous) => (status === 'failed' && previous === 'loaded' ? previous : status)),
    [],
  );
  const line = route.map(toLatLng);
  const last = line.at(-1);
  if (position && (!last || last[0] !== position.latitude || last[1] !== position.longitude)) {
    line.push(toLatLng(position));
  }
  return (
    <>
      <MapContainer
        center={position ? toLatLng(position) : [...MAP.defaultCenter]}
        zoom={position ? zoom : MAP.defaultZoom}
        maxZoom={MAP.maxZoom}
        scrollWheelZoom={false}
        className="size-full"
        style={{ background: 'var(--muted)' }}
      >
        <TileLayer
          url={env.VITE_TILE_URL}
          attribution={DEFAULT_TILE_ATTRIBUTION}
          maxZoom={MAP.maxZoom}
          // Blocked or offline tiles would leave a blank grey box; the map says so instead (live-map.tsx).
          eventHandlers={{
            tileload: () => onTileStatus?.('loaded'),
            tileerror: () => onTileStatus?.('failed'),
          }}
        />
        {line.length > 1 ? <Polyline positions={line} pathOptions={{ color: '#dc2626', weight: 4 }} /> : null}
        {position?.accuracy ? (
          <Circle
            center={toLatLng(position)}
            radius={position.accuracy}
            pathOptions={{ color: '#2563eb', weight: 1, fillOpacity: 0.12 }}
          />
        ) : null}
        {position ? (
          <Marker position={toLatLng(position)} alt={markerLabel ?? label} title={markerLabel} />
        ) : null}
        <FollowPosition position={position} zoom={zoom} />
      </MapContainer>
      {tiles === 'failed' ? <MapUnavailable position={position} /> : null}
    </>
  );
}

/** Whether map tiles load: one that loads means the map is usable; errors with none loaded mean it is not. */
type TileStatus = 'loaded' | 'failed';

/** Instead of a grey box when no tile loads (offline, blocked, the tile server down): says so, with coordinates. */
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

/** Keeps the marker in view as it moves; jumps to `zoom` the first time there is a position. */
function FollowPosition({ position, zoom }: { position: MapPosition | null; zoom: number }) {
  const map = useMap();
  const hadFix = useRef(position !== null);
  const latitude = position?.latitude;
  const longitude = position?.longitude;

  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!hadFix.current) {
      hadFix.current = true;
      map.setView([latitude, longitude], zoom);
      return;
    }
    map.panTo([latitude, longitude]);
  }, [map, latitude, longitude, zoom]);

  return null;
}
