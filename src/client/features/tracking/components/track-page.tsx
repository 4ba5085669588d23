import {
  CircleCheck,
  Clock,
  ExternalLink,
  LinkIcon,
  MapPin,
  MapPinOff,
  RefreshCw,
  Siren,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { mapLink } from '#shared/map-link';
import type { TrackedAlert, TrackResponse } from '#shared/schemas/share-link';
import { TRACK_PAGE_TEXTS } from '#shared/track-page-texts';
import { LiveMap } from '../../../components/map/live-map';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { stillCheckedAt } from '../../../lib/position-check';
import { formatAgo, formatDayTimeZone } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { useTrack } from '../api/get-track';

const CLOCK_TICK_MS = 5000;
const GONE = 410;
const NOT_FOUND = 404;

/**
 * The public tracking page (/track/:shareCode), opened by a contact from an SOS text: whether an SOS is active
 * (or when the person marked themselves safe), the position in words (address, coordinates, an Open in Maps
 * link, its age), then the map, refreshed every few seconds, and the recordings the link may play. Everything but the map works without map tiles.
 * Expired and revoked links show the server's message verbatim.
 */
export function TrackPage({
  shareCode,
  brand,
  recordings,
}: {
  shareCode: string;
  brand: ReactNode;
  /** The recordings the link may play (composed by app/, which owns the recording feature). */
  recordings?: (track: TrackResponse) => ReactNode;
}) {
  const track = useTrack(shareCode);
  const now = useNow(CLOCK_TICK_MS);
  const { data, error } = track;

  if (track.isPending) {
    return (
      <Shell brand={brand}>
        <Spinner className="mx-auto my-10 size-8 text-muted-foreground" />
      </Shell>
    );
  }

  if (error instanceof ApiError && (error.status === GONE || error.status === NOT_FOUND)) {
    const notFound = error.status === NOT_FOUND;
    return (
      <Shell brand={brand}>
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            {notFound ? (
              <LinkIcon className="size-7" aria-hidden />
            ) : (
              <MapPinOff className="size-7" aria-hidden />
            )}
          </span>
          <h1 className="text-xl font-bold">
            {notFound ? TRACK_PAGE_TEXTS.notFoundTitle : TRACK_PAGE_TEXTS.unavailableTitle}
          </h1>
          <p className="text-muted-foreground">{notFound ? TRACK_PAGE_TEXTS.notFound : error.message}</p>
        </Card>
      </Shell>
    );
  }

  if (!data) {
    return (
      <Shell brand={brand}>
        <Card role="alert" className="p-6 text-center text-muted-foreground">
          {TRACK_PAGE_TEXTS.loadFailed}
        </Card>
      </Shell>
    );
  }

  const { location } = data;
  return (
    <Shell brand={brand}>
      <Card>
        <CardHeader>
          <CardTitle as="h1">
            {data.positions_ended_at
              ? TRACK_PAGE_TEXTS.endedTitle(data.full_name)
              : TRACK_PAGE_TEXTS.title(data.full_name)}
          </CardTitle>
          <CardDescription>{TRACK_PAGE_TEXTS.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {data.alert ? <AlertStatus alert={data.alert} name={data.full_name} now={now} /> : null}
          {location ? <PositionText location={location} now={now} /> : null}
          {/* Once the SOS this link was sent with has ended there is nothing to map. */}
          {data.positions_ended_at ? null : (
            <LiveMap
              label={TRACK_PAGE_TEXTS.mapLabel}
              markerLabel={data.full_name}
              position={
                location
                  ? {
                      latitude: location.latitude,
                      longitude: location.longitude,
                      accuracy: location.accuracy,
                    }
                  : null
              }
              route={data.route}
              className="h-80"
            />
          )}
          {location ? null : <NoPosition track={data} />}
          {track.isError ? (
            <p role="status" className="flex items-center gap-2 text-sm text-warning">
              <RefreshCw className="size-4" aria-hidden />
              {TRACK_PAGE_TEXTS.loadFailed}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            <time dateTime={data.expires_at}>
              {TRACK_PAGE_TEXTS.validUntil(formatDayTimeZone(data.expires_at))}
            </time>
          </p>
        </CardContent>
      </Card>
      {recordings?.(data)}
    </Shell>
  );
}

/** The SOS line: red while active, green once the person said they are safe, with when. */
function AlertStatus({ alert, name, now }: { alert: TrackedAlert; name: string; now: number }) {
  const raised = formatDayTimeZone(alert.raised_at);
  if (alert.status === 'resolved' && alert.resolved_at) {
    return (
      <div className="flex gap-3 rounded-lg border border-success/40 bg-success/10 p-3" role="status">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        <div>
          <p className="font-semibold">{TRACK_PAGE_TEXTS.sosResolvedTitle(name)}</p>
          <p className="text-sm">
            <time dateTime={alert.resolved_at}>
              {TRACK_PAGE_TEXTS.sosResolved(formatDayTimeZone(alert.resolved_at), raised)}
            </time>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3" role="alert">
      <Siren className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-semibold text-primary-text">{TRACK_PAGE_TEXTS.sosActiveTitle(name)}</p>
        <p className="text-sm">
          <time dateTime={alert.raised_at}>
            {TRACK_PAGE_TEXTS.sosActive(raised, formatAgo(alert.raised_at, now))}
          </time>
        </p>
      </div>
    </div>
  );
}

type SharedLocation = NonNullable<TrackResponse['location']>;

/**
 * The position in words, readable with no map at all: address, coordinates, a maps-app link and its age — or,
 * for a phone that keeps finding itself at the same place, when it last checked and since when it is there.
 */
function PositionText({ location, now }: { location: SharedLocation; now: number }) {
  const checkedAt = stillCheckedAt(location);
  return (
    <section aria-labelledby="track-position" className="flex flex-col gap-1 text-sm">
      <h2 id="track-position" className="flex items-center gap-2 font-semibold">
        <MapPin className="size-4 text-muted-foreground" aria-hidden />
        {TRACK_PAGE_TEXTS.positionHeading}
      </h2>
      {location.address ? <p>{TRACK_PAGE_TEXTS.near(location.address)}</p> : null}
      <p className="font-mono">
        {TRACK_PAGE_TEXTS.coordinates(
          formatCoordinates(location.latitude, location.longitude),
          location.accuracy,
        )}
      </p>
      <p className="flex items-center gap-2">
        <Clock className="size-4 text-muted-foreground" aria-hidden />
        {checkedAt ? (
          <time dateTime={checkedAt}>
            {TRACK_PAGE_TEXTS.stillHere(formatAgo(checkedAt, now), formatDayTimeZone(location.recorded_at))}
          </time>
        ) : (
          <time dateTime={location.recorded_at}>
            {TRACK_PAGE_TEXTS.lastUpdated(formatAgo(location.recorded_at, now))}
          </time>
        )}
      </p>
      <a
        href={mapLink(location.latitude, location.longitude)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex w-fit items-center gap-2 rounded-md border px-3 py-2 font-medium text-primary-text underline-offset-4 hover:underline"
      >
        <ExternalLink className="size-4" aria-hidden />
        {TRACK_PAGE_TEXTS.openInMaps}
        <span className="sr-only">{TRACK_PAGE_TEXTS.newTab}</span>
      </a>
    </section>
  );
}

/** Why there is no position: the SOS this link was sent with has ended, sharing is off, or none came yet. */
function NoPosition({ track }: { track: TrackResponse }) {
  const text = track.positions_ended_at
    ? TRACK_PAGE_TEXTS.positionsEnded(formatDayTimeZone(track.positions_ended_at))
    : track.sharing
      ? TRACK_PAGE_TEXTS.noPosition
      : TRACK_PAGE_TEXTS.sharingOff;
  return <p className="text-sm text-muted-foreground">{text}</p>;
}

function Shell({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col gap-4 p-4">
      <div className="flex items-center gap-2">{brand}</div>
      {children}
    </main>
  );
}
