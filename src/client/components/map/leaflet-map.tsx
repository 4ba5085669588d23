import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapPinOff } from 'lucide-react';
import { Circle, Marker, Polyline } from 'react-leaflet';
import { MAP } from '#shared/constants';
import { MAP_TEXTS } from '#shared/track-page-texts';
import { formatCoordinates } from '../../lib/format-coordinates';
import { BaseMap } from './base-map';
import { FollowPosition } from './follow-position';
import type { LiveMapProps, MapPoint, MapPosition } from './live-map';

// Bundled builds break Leaflet's icon path detection (the default marker 404s): give it the bundled images.
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

const toLatLng = (point: MapPoint): [number, number] => [point.latitude, point.longitude];

/**
 * The Leaflet part of `LiveMap` (live-map.tsx), in its own module so Leaflet loads only when a map is shown.
 * Default centre and zoom, zoom 15 on the first fix; the tiles and the notice when none loads come from BaseMap
 * (base-map.tsx). See docs/PRODUCT.md#constants-and-limits.
 */
export function LeafletMap({
  label,
  position,
  route = [],
  markerLabel,
  zoom = MAP.firstFixZoom,
}: LiveMapProps) {
  const line = route.map(toLatLng);
  const last = line.at(-1);
  if (position && (!last || last[0] !== position.latitude || last[1] !== position.longitude)) {
    line.push(toLatLng(position));
  }
  return (
    <BaseMap initialPosition={position} zoom={zoom} tilesUnavailable={<MapUnavailable position={position} />}>
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
      <FollowPosition position={position} zoom={zoom} pan="always" />
    </BaseMap>
  );
}

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
