import { Car, Clock, Phone, PhoneCall } from 'lucide-react';
import { useId } from 'react';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { ALERT_RESPONSE_TEXTS } from '#shared/alert-response-texts';
import { ALERT_CLIENT } from '#shared/constants';
import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertResponse } from '#shared/schemas/alert-life';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatAgo, formatClockTime } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { timelineEntryText } from '../utils/timeline-text';

const RESPONSE_ICONS = { on_my_way: Car, calling: Phone, acknowledged: PhoneCall } as const;

/**
 * Who is coming, on the person's active-alert screen: each answer ("Maria is on the way — 2 min ago", the ages
 * kept up to date), "Nobody has answered yet" until someone does, the alert's state, and its timeline. It follows
 * the alert's detail, which `alert.progress` updates live and GET /api/alerts brings back after a reload.
 */
export function WhoIsComingPanel({ detail }: { detail: AlertDetail }) {
  const titleId = useId();
  const timelineId = useId();
  const now = useNow(ALERT_CLIENT.responseAgeRefreshMs);
  const { responses, timeline } = detail;
  const answered = responses.length > 0;
  return (
    <Card aria-labelledby={titleId} data-testid="who-is-coming" className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>{ALERT_RESPONSE_TEXTS.panelTitle}</CardTitle>
        <span
          data-testid="alert-state"
          data-state={detail.alert.state}
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            answered ? 'bg-success-soft text-success' : 'bg-warning-soft text-warning',
          )}
        >
          {ALERT_LIFE_TEXTS.state[detail.alert.state]}
        </span>
      </div>
      {/* Read out when someone answers: the one thing the person most needs to hear. */}
      <div aria-live="polite">
        {answered ? (
          <ul data-testid="responses" className="flex flex-col gap-2">
            {responses.map((response) => (
              <ResponseLine key={response.id} response={response} now={now} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{ALERT_LIFE_TEXTS.noResponseYet}</p>
        )}
      </div>
      {timeline.length > 0 ? (
        <div className="flex flex-col gap-1.5 border-t pt-3">
          <h3 id={timelineId} className="text-sm font-semibold text-muted-foreground">
            {ALERT_RESPONSE_TEXTS.timelineTitle}
          </h3>
          <ol
            aria-labelledby={timelineId}
            data-testid="alert-timeline"
            className="flex flex-col gap-1 text-sm"
          >
            {timeline.map((entry) => (
              <li key={entry.id} className="flex gap-2">
                <time dateTime={entry.at} className="shrink-0 text-muted-foreground tabular-nums">
                  {formatClockTime(entry.at)}
                </time>
                <span className="min-w-0 break-words">{timelineEntryText(entry)}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </Card>
  );
}

function ResponseLine({ response, now }: { response: AlertResponse; now: number }) {
  const Icon = RESPONSE_ICONS[response.response];
  const line = ALERT_LIFE_TEXTS.responseLine[response.response](response.responder_name);
  return (
    <li className="flex items-start gap-2 rounded-xl bg-success-soft p-3 font-medium text-success">
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <span className="min-w-0 break-words text-foreground">
        {line}
        <span className="text-muted-foreground">
          {' — '}
          <time dateTime={response.responded_at} className="inline-flex items-center gap-1">
            <Clock className="size-3" aria-hidden />
            {formatAgo(response.responded_at, now)}
          </time>
        </span>
      </span>
    </li>
  );
}
