import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef } from 'react';
import { Circle, MapContainer, Marker, Polyline, TileLayer, useMap } from 'react-leaflet';
import { DEFAULT_TILE_ATTRIBUTION, MAP } from '#shared/constants';
import { env } from '../../lib/env';
import type { LiveMapProps, MapPoint, MapPosition, TileStatus } from './live-map';

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
  onTileStatus,
}: LiveMapProps & { onTileStatus?: (status: TileStatus) => void }) {
  const line = route.map(toLatLng);
  const last = line.at(-1);
  if (position && (!last || last[0] !== position.latitude || last[1] !== position.longitude)) {
    line.push(toLatLng(position));
  }
  return (
    <MapContainer
      center={position ? toLatLng(position) : [...MAP.defaultCenter]}
      zoom={position ? MAP.firstFixZoom : MAP.defaultZoom}
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
      <FollowPosition position={position} />
    </MapContainer>
  );
}

/** Keeps the marker in view as it moves; jumps to the first-fix zoom the first time there is a position. */
function FollowPosition({ position }: { position: MapPosition | null }) {
  const map = useMap();
  const hadFix = useRef(position !== null);
  const latitude = position?.latitude;
  const longitude = position?.longitude;

  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!hadFix.current) {
      hadFix.current = true;
      map.setView([latitude, longitude], MAP.firstFixZoom);
      return;
    }
    map.panTo([latitude, longitude]);
  }, [map, latitude, longitude]);

  return null;
}
