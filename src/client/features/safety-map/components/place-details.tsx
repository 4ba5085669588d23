import { Navigation, Phone, X } from 'lucide-react';
import { useId } from 'react';
import type { NearbyPlace } from '#shared/schemas/nearby-places';

import { PLACE_TYPE_LABELS, SAFETY_MAP_TEXTS } from '#shared/safety-map-texts';
import { Button } from '../../../components/ui/button';
import { directionsLink } from '../utils/directions-link';
import { PLACE_COLOURS } from '../utils/place-styles';

/** Digits and a leading + only: what a tel: link dials ("+1 212-334-0611" → "+12123340611"). */
const dialable = (phone: string): string => phone.replace(/(?!^\+)[^\d]/g, '');

/**
 * The detail panel a marker opens: name, description, address, phone (a tap-to-call link), hours, and Get
 * Directions to the place's coordinates on OpenStreetMap.
 */
export function PlaceDetails({ place, onClose }: { place: NearbyPlace; onClose: () => void }) {
  const titleId = useId();
  const [latitude, longitude] = place.coordinates;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="mt-1.5 size-3 shrink-0 rounded-full"
          style={{ background: PLACE_COLOURS[place.type] }}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 id={titleId} className="leading-tight font-semibold break-words">
            {place.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            {place.description || PLACE_TYPE_LABELS[place.type]}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={SAFETY_MAP_TEXTS.close}>
          <X aria-hidden />
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {place.address ? (
          <>
            <dt className="text-muted-foreground">{SAFETY_MAP_TEXTS.addressHeading}</dt>
            <dd className="break-words">{place.address}</dd>
          </>
        ) : null}
        {place.phone ? (
          <>
            <dt className="text-muted-foreground">{SAFETY_MAP_TEXTS.phoneHeading}</dt>
            <dd>
              <a
                href={`tel:${dialable(place.phone)}`}
                className="inline-flex items-center gap-1 font-medium text-primary-text underline-offset-4 hover:underline"
                aria-label={SAFETY_MAP_TEXTS.call(place.phone)}
              >
                <Phone className="size-3.5" aria-hidden />
                {place.phone}
              </a>
            </dd>
          </>
        ) : null}
        {place.hours ? (
          <>
            <dt className="text-muted-foreground">{SAFETY_MAP_TEXTS.hoursHeading}</dt>
            <dd className="break-words">{place.hours}</dd>
          </>
        ) : null}
      </dl>
      <Button asChild variant="outline" size="sm" className="self-start">
        <a href={directionsLink(latitude, longitude)} target="_blank" rel="noopener noreferrer">
          <Navigation aria-hidden />
          {SAFETY_MAP_TEXTS.getDirections}
          <span className="sr-only">{SAFETY_MAP_TEXTS.newTab}</span>
        </a>
      </Button>
    </section>
  );
}
