import L from 'leaflet';
import { MapPinOff } from 'lucide-react';
import { useMemo } from 'react';
import { Circle, Marker } from 'react-leaflet';
import { MAP } from '#shared/constants';
import type { NearbyPlace, PlaceType } from '#shared/schemas/nearby-places';
import { PLACE_TYPE_LABELS, SAFETY_MAP_TEXTS } from '#shared/safety-map-texts';
import { BaseMap } from '../../../components/map/base-map';
import { FollowPosition } from '../../../components/map/follow-position';
import type { Position } from '../../../lib/device/geolocation';
import { OWN_POSITION_COLOUR, PLACE_COLOURS, placeKey } from '../utils/place-styles';

export type SafetyMapLeafletProps = {
  position: Position | null;
  places: readonly NearbyPlace[];
  onSelect: (place: NearbyPlace) => void;
};

/** A round marker of one colour; the markup is fixed (no text from the data), names go in the title. */
function dotIcon(colour: string, size: number, className: string): L.DivIcon {
  return L.divIcon({
    className,
    html: `<span style="display:block;width:100%;height:100%;border-radius:9999px;background:${colour};border:3px solid #fff;box-shadow:0 1px 4px rgb(0 0 0 / 0.5)"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

const PLACE_ICONS = Object.fromEntries(
  Object.entries(PLACE_COLOURS).map(([type, colour]) => [
    type,
    dotIcon(colour, 24, `beacon-place-marker beacon-place-${type}`),
  ]),
) as Record<PlaceType, L.DivIcon>;
const OWN_ICON = dotIcon(OWN_POSITION_COLOUR, 20, 'beacon-own-position');

const toLatLng = (position: Position): [number, number] => [position.latitude, position.longitude];

/**
 * The Leaflet part of the Safety Map card, in its own module so Leaflet loads with the map. The default centre
 * and zoom until the first fix, then zoom 15 there. Each place is a coloured marker a person can click, tap or
 * focus and press Enter on; that opens its details in the card.
 */
export function SafetyMapLeaflet({ position, places, onSelect }: SafetyMapLeafletProps) {
  return (
    <BaseMap initialPosition={position} zoom={MAP.firstFixZoom} tilesUnavailable={<TilesUnavailable />}>
      {places.map((place) => (
        <PlaceMarker key={placeKey(place)} place={place} onSelect={onSelect} />
      ))}
      {position?.accuracy ? (
        <Circle
          center={toLatLng(position)}
          radius={position.accuracy}
          pathOptions={{ color: OWN_POSITION_COLOUR, weight: 1, fillOpacity: 0.12 }}
          interactive={false}
        />
      ) : null}
      {position ? (
        <Marker
          position={toLatLng(position)}
          icon={OWN_ICON}
          title={SAFETY_MAP_TEXTS.yourPosition}
          keyboard={false}
          zIndexOffset={1000}
        />
      ) : null}
      <FollowPosition position={position} zoom={MAP.firstFixZoom} pan="when-out-of-view" />
    </BaseMap>
  );
}

function PlaceMarker({ place, onSelect }: { place: NearbyPlace; onSelect: (place: NearbyPlace) => void }) {
  const handlers = useMemo(
    () => ({
      click: () => onSelect(place),
      keypress: (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') onSelect(place);
      },
    }),
    [onSelect, place],
  );
  return (
    <Marker
      position={place.coordinates}
      icon={PLACE_ICONS[place.type]}
      title={SAFETY_MAP_TEXTS.markerLabel(PLACE_TYPE_LABELS[place.type], place.name)}
      eventHandlers={handlers}
    />
  );
}

/** No tile could load (offline, blocked): say so instead of leaving a grey box. */
function TilesUnavailable() {
  return (
    <div
      role="status"
      className="pointer-events-none absolute inset-x-0 bottom-0 z-[1000] flex items-center gap-2 bg-muted/95 p-2 text-xs"
    >
      <MapPinOff className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        <span className="font-semibold">{SAFETY_MAP_TEXTS.tilesUnavailableTitle}</span>{' '}
        {SAFETY_MAP_TEXTS.tilesUnavailable}
      </span>
    </div>
  );
}
