import {
  Car,
  CircleCheck,
  Clock,
  ExternalLink,
  LinkIcon,
  MapPin,
  Phone,
  RefreshCw,
  Siren,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHOSEN_RESPONSES, type AlertResponseKind } from '#shared/alert-life';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { mapLink } from '#shared/map-link';
import { RESPONDER_PAGE_TEXTS as T } from '#shared/responder-page-texts';
import type { ResponderView } from '#shared/schemas/responder';
import { LiveMap } from '../../../components/map/live-map';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notifyError } from '../../../lib/notify-error';
import { formatAgo, formatDayTimeZone } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { responderKeys } from '../api/responder-keys';
import { useRespond, useResponderView } from '../api/responder-api';
import { DrillAnswer } from './drill-answer';

const CLOCK_TICK_MS = 5000;
const NOT_FOUND = 404;
/** The person stopped all sharing: the link has ended (the page says so as for a closed one). */
const GONE = 410;
const ICONS = { on_my_way: Car, calling: Phone } as const;

/**
 * The emergency contact's page (/r/:code), opened from the link in their SOS text: who needs help and since when,
 * the two answers ("I'm on my way", "I'm calling them") and, once given, the thanks; who else has answered; the
 * position when the person lets contacts follow them. Once they are safe it says so; a closed link says only that
 * it no longer works (the server does not tell why).
 */
export function ResponderPage({ code, brand }: { code: string; brand: ReactNode }) {
  const view = useResponderView(code);
  const now = useNow(CLOCK_TICK_MS);
  const { data, error } = view;

  if (view.isPending) {
    return (
      <Shell brand={brand}>
        <Spinner className="mx-auto my-10 size-8 text-muted-foreground" />
      </Shell>
    );
  }
  if (error instanceof ApiError && (error.status === NOT_FOUND || error.status === GONE)) {
    return (
      <Shell brand={brand}>
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <LinkIcon className="size-7" aria-hidden />
          </span>
          <h1 className="text-xl font-bold">{T.expiredTitle}</h1>
          <p className="text-muted-foreground">{T.expired}</p>
        </Card>
      </Shell>
    );
  }
  if (!data) {
    return (
      <Shell brand={brand}>
        <Card role="alert" className="p-6 text-center text-muted-foreground">
          {T.loadFailed}
        </Card>
      </Shell>
    );
  }

  if (data.test) {
    return (
      <Shell brand={brand}>
        <DrillAnswer code={code} view={data} />
      </Shell>
    );
  }
  const safe = data.state === 'resolved';
  return (
    <Shell brand={brand}>
      <Card>
        <CardHeader>
          <CardTitle as="h1">{safe ? T.safeTitle(data.first_name) : T.title(data.first_name)}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <AlertStatus view={data} now={now} />
          {view.isError ? (
            <p role="status" className="flex items-center gap-2 text-sm text-warning">
              <RefreshCw className="size-4" aria-hidden />
              {T.loadFailed}
            </p>
          ) : null}
        </CardContent>
      </Card>
      {safe ? null : <Answer code={code} view={data} />}
      <Answers view={data} />
      {safe ? null : <Position view={data} now={now} />}
      <p className="px-1 text-xs text-muted-foreground">
        <time dateTime={data.open_until}>{T.openUntil(formatDayTimeZone(data.open_until))}</time>
      </p>
    </Shell>
  );
}

/** Red while the person needs help (with the state in words), green once they said they are safe. */
function AlertStatus({ view, now }: { view: ResponderView; now: number }) {
  const raised = T.raised(view.raised_by, formatDayTimeZone(view.raised_at), formatAgo(view.raised_at, now));
  if (view.state === 'resolved') {
    return (
      <div className="flex gap-3 rounded-lg border border-success/40 bg-success/10 p-3" role="status">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        <div>
          <p className="font-semibold">{T.state.resolved}</p>
          {view.resolved_at ? (
            <p className="text-sm">
              <time dateTime={view.resolved_at}>{T.safeSince(formatDayTimeZone(view.resolved_at))}</time>
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3">
      <Siren className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-semibold text-primary-text">
          <span className="sr-only">{T.stateLabel}: </span>
          {T.state[view.state]}
        </p>
        <p className="text-sm">
          <time dateTime={view.raised_at}>{raised}</time>
        </p>
      </div>
    </div>
  );
}

/** The two answers; once one is given, the thanks, and the other answer still there to change one's mind. */
function Answer({ code, view }: { code: string; view: ResponderView }) {
  const respond = useRespond(code);
  const queryClient = useQueryClient();
  const given = view.you.response;
  const answer = (response: (typeof CHOSEN_RESPONSES)[number]) =>
    respond.mutate(
      { response },
      {
        onError: (error) => {
          notifyError(error, { fallback: T.answerFailed, serverMessageFor: ['conflict', 'rate_limited'] });
          // A refusal (the person is safe by now): show what stands.
          void queryClient.invalidateQueries({ queryKey: responderKeys.page(code) });
        },
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.answerHeading}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {given ? (
          <p
            role="status"
            className="flex gap-2 rounded-lg border border-success/40 bg-success/10 p-3 font-medium"
          >
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            {T.thankYou[given](view.first_name)}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{T.answerHint(view.first_name)}</p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {CHOSEN_RESPONSES.map((response) => {
            const Icon = ICONS[response];
            const chosen = given === response;
            return (
              <Button
                key={response}
                size="lg"
                variant={chosen ? 'primary' : given ? 'outline' : 'primary'}
                aria-pressed={chosen}
                disabled={respond.isPending}
                onClick={() => answer(response)}
                className={cn('w-full', chosen && 'ring-2 ring-offset-2 ring-offset-card')}
              >
                <Icon aria-hidden />
                {ALERT_LIFE_TEXTS.responseButtons[response]}
              </Button>
            );
          })}
        </div>
        {respond.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {T.sending}
          </p>
        ) : given ? (
          <p className="text-sm text-muted-foreground">{T.changeAnswer}</p>
        ) : null}
        <p className="text-sm text-muted-foreground">{T.callEmergency}</p>
      </CardContent>
    </Card>
  );
}

/** Who has answered so far, and what they said; the contact's own answer is marked. */
function Answers({ view }: { view: ResponderView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.answersHeading}</CardTitle>
      </CardHeader>
      <CardContent>
        {view.answers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noAnswersYet}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {view.answers.map((answer) => (
              <li key={`${answer.name}-${answer.responded_at}`} className="flex items-center gap-2 text-sm">
                <CircleCheck className="size-4 shrink-0 text-success" aria-hidden />
                <span>
                  {answerLine(answer.response, answer.name)}
                  {answer.name === view.you.name && answer.response === view.you.response ? ` ${T.you}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const answerLine = (response: AlertResponseKind, name: string): string => T.answerLine[response](name);

/** The position in words (with an Open in Maps link) and on the map, or why there is none. */
function Position({ view, now }: { view: ResponderView; now: number }) {
  const { position } = view;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MapPin className="size-5 text-muted-foreground" aria-hidden />
          {T.positionHeading}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {!view.position_shared ? (
          <p className="text-muted-foreground">{T.positionNotShared(view.first_name)}</p>
        ) : !position ? (
          <p className="text-muted-foreground">{T.noPositionYet}</p>
        ) : (
          <>
            {position.address ? <p>{position.address}</p> : null}
            <p className="flex items-center gap-2">
              <Clock className="size-4 text-muted-foreground" aria-hidden />
              <time dateTime={position.recorded_at}>
                {T.lastUpdated(formatAgo(position.recorded_at, now))}
              </time>
            </p>
            <a
              href={mapLink(position.latitude, position.longitude)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex w-fit items-center gap-2 rounded-md border px-3 py-2 font-medium text-primary-text underline-offset-4 hover:underline"
            >
              <ExternalLink className="size-4" aria-hidden />
              {T.openInMaps}
              <span className="sr-only">{T.newTab}</span>
            </a>
            <LiveMap
              label={T.mapLabel(view.first_name)}
              markerLabel={view.first_name}
              position={{
                latitude: position.latitude,
                longitude: position.longitude,
                accuracy: position.accuracy,
              }}
              className="h-72"
            />
          </>
        )}
      </CardContent>
    </Card>
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
