import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { NEARBY_PLACES } from '#shared/nearby-places-constants';
import type { NearbyPlace } from '#shared/schemas/nearby-places';
import { SAFETY_MAP_TEXTS } from '#shared/safety-map-texts';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useNearbyPlaces } from '../api/get-nearby-places';
import { useSafetyMapPosition } from '../hooks/use-safety-map-position';
import { PLACE_COLOURS, placeKey } from '../utils/place-styles';
import { PlaceDetails } from './place-details';

// Leaflet is large: it loads with the first map shown, not with the card's own code.
const SafetyMapLeaflet = lazy(async () => ({
  default: (await import('./safety-map-leaflet')).SafetyMapLeaflet,
}));

const LEGEND = [
  { label: SAFETY_MAP_TEXTS.legendEmergency, colour: PLACE_COLOURS.hospital },
  { label: SAFETY_MAP_TEXTS.legendSafe, colour: PLACE_COLOURS.public_safe },
  { label: SAFETY_MAP_TEXTS.legendSurveillance, colour: PLACE_COLOURS.surveillance },
] as const;

/**
 * The Safety Map card (docs/PRODUCT.md#safety-map-and-nearby-places): the person's position from the device,
 * the emergency services and safe public places around it from POST /api/nearby-places (asked again when the
 * position moves into another grid cell), and a detail panel for the marker they choose. It needs no props and is
 * meant to be loaded on demand (React.lazy), so Leaflet and its texts stay out of the first download.
 */
export function SafetyMapCard() {
  const titleId = useId();
  const { position, failure } = useSafetyMapPosition();
  const request = position ? { lat: position.latitude, lng: position.longitude } : null;
  const nearby = useNearbyPlaces(request);
  const places = nearby.isError ? [] : (nearby.data?.places ?? []);
  const fallback = nearby.data?.fallback === true && !nearby.isError;
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = places.find((place) => placeKey(place) === selectedKey) ?? null;
  const select = useCallback((place: NearbyPlace) => setSelectedKey(placeKey(place)), []);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="text-base sm:text-lg">
          {/* The card is named by the title alone; the state after it changes while the card is open. */}
          <span id={titleId}>{SAFETY_MAP_TEXTS.title}</span>{' '}
          {nearby.isFetching ? (
            <span className="text-sm font-normal text-muted-foreground">{SAFETY_MAP_TEXTS.loading}</span>
          ) : fallback ? (
            <span className="text-sm font-normal text-warning">{SAFETY_MAP_TEXTS.sampleData}</span>
          ) : null}
        </CardTitle>
        <ul className="flex flex-wrap gap-2" aria-label={SAFETY_MAP_TEXTS.legendLabel}>
          {LEGEND.map(({ label, colour }) => (
            <li key={label}>
              <Badge className="gap-1.5">
                <span aria-hidden className="size-2.5 rounded-full" style={{ background: colour }} />
                {label}
              </Badge>
            </li>
          ))}
        </ul>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <MapNotice
          hasPosition={position !== null}
          locationDenied={failure?.code === PERMISSION_DENIED}
          failed={failure !== null}
          loadFailed={nearby.isError}
          fallback={fallback}
          noPlaces={nearby.isSuccess && !fallback && places.length === 0}
        />
        <section
          aria-label={SAFETY_MAP_TEXTS.mapLabel}
          className="relative isolate h-72 overflow-hidden rounded-xl border bg-muted sm:h-80"
        >
          <Suspense fallback={null}>
            <SafetyMapLeaflet position={position} places={places} onSelect={select} />
          </Suspense>
        </section>
        {selected ? <PlaceDetails place={selected} onClose={() => setSelectedKey(null)} /> : null}
      </CardContent>
    </Card>
  );
}

/** GeolocationPositionError.PERMISSION_DENIED. */
const PERMISSION_DENIED = 1;

type MapNoticeProps = {
  hasPosition: boolean;
  locationDenied: boolean;
  failed: boolean;
  loadFailed: boolean;
  fallback: boolean;
  noPlaces: boolean;
};

/** One plain sentence about what the map cannot show, if anything. */
function MapNotice({ hasPosition, locationDenied, failed, loadFailed, fallback, noPlaces }: MapNoticeProps) {
  let text: string | null = null;
  let tone = 'bg-muted text-muted-foreground';
  if (!hasPosition) {
    text = locationDenied ? SAFETY_MAP_TEXTS.locationDenied : SAFETY_MAP_TEXTS.locationUnknown;
    if (failed) tone = 'bg-warning-soft text-warning';
  } else if (loadFailed) {
    text = SAFETY_MAP_TEXTS.loadFailed;
    tone = 'bg-warning-soft text-warning';
  } else if (fallback) {
    text = SAFETY_MAP_TEXTS.sampleNote;
    tone = 'bg-warning-soft text-warning';
  } else if (noPlaces) {
    text = SAFETY_MAP_TEXTS.noPlaces(NEARBY_PLACES.radiusMeters / 1000);
  }
  return (
    <p role="status" className={text ? cn('rounded-lg p-3 text-sm', tone) : 'sr-only'}>
      {text}
    </p>
  );
}
