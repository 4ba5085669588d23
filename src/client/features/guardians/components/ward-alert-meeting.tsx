import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { ALERT_MEETING_TEXTS } from '#shared/alert-meeting-texts';
import type { AlertMeetingView } from '#shared/schemas/meeting';
import { formatDayTime } from '../../../lib/time-format';
import { useMeetingPhoto } from '../api/get-meeting-photo';

type WardAlertMeetingProps = {
  viewerId: string;
  alertId: string;
  meeting: AlertMeetingView;
};

/**
 * The meeting a ward's alert carries (docs/PRODUCT.md#who-youre-meeting), as their active guardian sees it: whom,
 * where, since when and until when, their notes, and the photo (fetched with the guardian's session).
 */
export function WardAlertMeeting({ viewerId, alertId, meeting }: WardAlertMeetingProps) {
  const titleId = useId();
  const photo = useMeetingPhoto(viewerId, alertId, meeting.hasPhoto);
  const person = meeting.person || ALERT_MEETING_TEXTS.personDefault;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="ward-alert-meeting"
      className="flex flex-col gap-2 rounded-lg border bg-card p-3 text-card-foreground"
    >
      <h4 id={titleId} className="flex items-center gap-1.5 font-semibold">
        <CalendarClock className="size-4 shrink-0" aria-hidden />
        {ALERT_MEETING_TEXTS.title}
      </h4>
      <div className="flex items-start gap-3">
        {meeting.hasPhoto ? (
          photo.url ? (
            <img
              src={photo.url}
              alt={ALERT_MEETING_TEXTS.photoOf(person)}
              data-testid="ward-meeting-photo"
              className="size-24 shrink-0 rounded-lg border object-cover"
            />
          ) : (
            <p className="flex size-24 shrink-0 items-center justify-center rounded-lg bg-muted p-2 text-center text-xs text-muted-foreground">
              {photo.status === 'failed' ? ALERT_MEETING_TEXTS.photoFailed : ALERT_MEETING_TEXTS.photoLoading}
            </p>
          )
        ) : null}
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">{ALERT_MEETING_TEXTS.person}</dt>
          <dd className="font-medium break-words">{person}</dd>
          <dt className="text-muted-foreground">{ALERT_MEETING_TEXTS.location}</dt>
          <dd className="break-words">{meeting.location || ALERT_MEETING_TEXTS.locationDefault}</dd>
          <dt className="text-muted-foreground">{ALERT_MEETING_TEXTS.since}</dt>
          <dd>
            <time dateTime={meeting.startAt}>{formatDayTime(meeting.startAt)}</time>
          </dd>
          <dt className="text-muted-foreground">{ALERT_MEETING_TEXTS.expectedEnd}</dt>
          <dd>
            {meeting.endAt ? (
              <time dateTime={meeting.endAt}>{formatDayTime(meeting.endAt)}</time>
            ) : (
              ALERT_MEETING_TEXTS.endDefault
            )}
          </dd>
          {meeting.notes ? (
            <>
              <dt className="text-muted-foreground">{ALERT_MEETING_TEXTS.notes}</dt>
              <dd className="break-words whitespace-pre-line">{meeting.notes}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
