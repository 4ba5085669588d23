import { Clock, LinkIcon, MapPinOff, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { TRACK_PAGE_TEXTS } from '#shared/track-page-texts';
import { LiveMap } from '../../../components/map/live-map';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatAgo, formatDayTime } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { useTrack } from '../api/get-track';

const CLOCK_TICK_MS = 5000;
const GONE = 410;
const NOT_FOUND = 404;

/**
 * The public tracking page (/track/:shareCode): the sharer's name, their live position and recent route, when it
 * was last updated, refreshed every few seconds. Expired and revoked links show the server's message verbatim.
 */
export function TrackPage({ shareCode, brand }: { shareCode: string; brand: ReactNode }) {
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
          <CardTitle as="h1">{TRACK_PAGE_TEXTS.title(data.full_name)}</CardTitle>
          <CardDescription>{TRACK_PAGE_TEXTS.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <LiveMap
            label={TRACK_PAGE_TEXTS.mapLabel}
            markerLabel={data.full_name}
            position={
              location
                ? { latitude: location.latitude, longitude: location.longitude, accuracy: location.accuracy }
                : null
            }
            route={data.route}
            className="h-80"
          />
          {location ? (
            <p className="flex items-center gap-2 text-sm">
              <Clock className="size-4 text-muted-foreground" aria-hidden />
              <time dateTime={location.recorded_at}>
                {TRACK_PAGE_TEXTS.lastUpdated(formatAgo(location.recorded_at, now))}
              </time>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              {data.sharing ? TRACK_PAGE_TEXTS.noPosition : TRACK_PAGE_TEXTS.sharingOff}
            </p>
          )}
          {track.isError ? (
            <p role="status" className="flex items-center gap-2 text-sm text-warning">
              <RefreshCw className="size-4" aria-hidden />
              {TRACK_PAGE_TEXTS.loadFailed}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            <time dateTime={data.expires_at}>
              {TRACK_PAGE_TEXTS.validUntil(formatDayTime(data.expires_at))}
            </time>
          </p>
        </CardContent>
      </Card>
    </Shell>
  );
}

function Shell({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col gap-4 p-4">
      <div className="flex items-center gap-2">{brand}</div>
      {children}
    </main>
  );
}
