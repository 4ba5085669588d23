import { Clock, MapPin, Trash2, UserRound } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../../lib/toast';
import { MEETING_DIALOG_TEXTS } from '#shared/meeting-dialog-texts';
import { MEETING_TEXTS } from '#shared/meeting-texts';
import { MEETING } from '#shared/schemas/meeting';
import { Button } from '../../../components/ui/button';
import { formatDayTime } from '../../../lib/time-format';
import { useMeetingLog, type ShownMeeting } from '../hooks/use-meeting-log';
import { deleteMeeting } from '../stores/meeting-log';

/** Recent Meetings: newest first, at most MEETING.keep, each with its delete; blank fields say what is missing. */
export function RecentMeetings({ userId }: { userId: string }) {
  const titleId = useId();
  const entries = useMeetingLog(userId);
  const remove = (entry: ShownMeeting): void => {
    deleteMeeting(userId, entry.id);
    toast.success(MEETING_DIALOG_TEXTS.deletedTitle);
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="font-semibold">
        {MEETING_DIALOG_TEXTS.recentTitle}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MEETING_DIALOG_TEXTS.recentEmpty}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="recent-meetings">
            {entries.map((entry) => (
              <MeetingRow key={entry.id} entry={entry} onDelete={() => remove(entry)} />
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{MEETING_DIALOG_TEXTS.recentHint(MEETING.keep)}</p>
        </>
      )}
    </section>
  );
}

function MeetingRow({ entry, onDelete }: { entry: ShownMeeting; onDelete: () => void }) {
  const person = entry.person || MEETING_TEXTS.personDefault;
  return (
    <li className="flex items-start gap-3 rounded-xl border p-3 text-sm" data-testid="meeting-entry">
      {entry.photo ? (
        <img
          src={entry.photo}
          alt={MEETING_DIALOG_TEXTS.photoOf(person)}
          className="size-14 shrink-0 rounded-lg border object-cover"
        />
      ) : (
        <span className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <UserRound className="size-6" aria-hidden />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold break-words" data-testid="meeting-person">
          {person}
        </p>
        <p className="flex items-start gap-1 break-words text-muted-foreground">
          <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>{entry.location || MEETING_TEXTS.locationDefault}</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-1 text-muted-foreground">
          <Clock className="size-3.5 shrink-0" aria-hidden />
          <span>
            {MEETING_DIALOG_TEXTS.start}: <time dateTime={entry.startAt}>{formatDayTime(entry.startAt)}</time>
          </span>
          <span aria-hidden>·</span>
          <span>
            {MEETING_DIALOG_TEXTS.end}:{' '}
            {entry.endAt ? (
              <time dateTime={entry.endAt}>{formatDayTime(entry.endAt)}</time>
            ) : (
              MEETING_TEXTS.endDefault
            )}
          </span>
        </p>
        {entry.notes ? <p className="break-words whitespace-pre-line">{entry.notes}</p> : null}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0"
        onClick={onDelete}
        aria-label={MEETING_DIALOG_TEXTS.deleteEntry(person)}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
