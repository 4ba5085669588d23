import { APP_NAME, DELAYED_ALERT } from './constants';
import { mapLink } from './map-link';
import { MEETING_DEFAULTS } from './meeting-defaults';
import type { AlertTriggerType } from './schemas/alert';
import { alertTriggerLabel } from './texts';

export type AlertSmsInput = {
  /** The person's profile name; blank means we say "A Beacon user". */
  fullName: string | null;
  triggerType: AlertTriggerType | string;
  /** When the person raised the alert. */
  at: Date;
  /** When it is being sent; later than `at` when the phone sent a queued SOS (offline, the server unreachable or busy). */
  sentAt?: Date;
  location?: {
    latitude: number;
    longitude: number;
    accuracy?: number | null;
    address?: string | null;
    /**
     * Set when this is not a position the phone sent with the SOS but the newest one the server held (the phone
     * had none): when it was taken. The text then says "Last known location" and how old it is.
     */
    lastKnownAt?: Date | null;
  } | null;
  message?: string | null;
  /**
   * A live tracking link (a stored share link); omitted when there is none or when the person switched
   * Settings › Privacy › Emergency Contact Access off.
   */
  trackingUrl?: string | null;
  /**
   * The person's IANA time zone (stored from their browser): times are written in it, with its abbreviation
   * ("EST"), because contacts usually live where the person does. Missing or unknown: UTC, stated.
   */
  timeZone?: string | null;
  /**
   * Set when a journey's deadline raised the alert (escort_expired, checkin_missed): the text names the escort's
   * destination or the missed check-in, when it was due and how long overdue it is when the text is sent.
   */
  journey?: AlertSmsJourney | null;
  /**
   * The meeting of the person's Who You're Meeting log the alert carries (under way when it was raised): the text
   * names whom, where and since when. Its notes and photo are not in the text.
   */
  meeting?: AlertSmsMeeting | null;
};

/** What an alert's text says about the meeting it carries; blank person or location read as not specified. */
export type AlertSmsMeeting = { person: string; location: string; startAt: Date; endAt: Date | null };

/** What a deadline alert's text says about the journey that raised it. */
export type AlertSmsJourney =
  { kind: 'escort'; destination: string; dueAt: Date } | { kind: 'checkin'; dueAt: Date };

/**
 * What the duress alert's text adds (docs/decisions/042-safety-pin-and-duress.md): the person entered the PIN that
 * looks like "I'm safe" on their phone, so whoever is with them must not learn from their phone that help is coming.
 */
export const DURESS_SMS_LINE =
  'They entered their duress PIN: someone may be forcing them to cancel their alert. Their phone shows it cancelled. DO NOT call or text their phone. Call emergency services or go to them.';

/**
 * The text every contact receives. Short (SMS), plain, and readable by someone who has never heard of the app:
 * who needs help, why we are texting, when (in the person's time zone, named), where (a map link anyone can open), and their words.
 * The server texts it, and the phone's messaging-app fallback opens with it, so contacts read the same words
 * whichever way the SOS reached them.
 */
export function buildAlertSms(input: AlertSmsInput): string {
  const name = input.fullName?.trim() || `A ${APP_NAME} user`;
  const late = isLate(input.at, input.sentAt);
  const zone = usableTimeZone(input.timeZone);
  const lines = [
    `${APP_NAME} SOS: ${name} may need help (${alertTriggerLabel(input.triggerType, input.message)}).`,
    late && input.sentAt
      ? `Time: ${formatFull(input.at, zone)} (sent ${formatSentAt(input.sentAt, input.at, zone)}: the phone could not reach Beacon until then)`
      : `Time: ${formatFull(input.at, zone)}`,
  ];
  if (input.triggerType === 'duress') lines.push(DURESS_SMS_LINE);
  if (input.journey) lines.push(journeyLine(input.journey, input.sentAt ?? input.at, zone));
  lines.push(locationLine(input.location, late ? input.at : null, input.sentAt ?? input.at, zone));
  if (input.location?.address) lines.push(`Near: ${input.location.address}`);
  if (input.meeting) lines.push(meetingLine(input.meeting, input.at, zone));
  if (input.message?.trim()) lines.push(`Message: "${input.message.trim()}"`);
  if (input.trackingUrl) lines.push(`Live location: ${input.trackingUrl}`);
  return lines.join('\n');
}

/**
 * The text as a contact's own copy goes out: the SOS text, then the contact's answer link on one short line (the
 * server adds it when it sends, since each contact's link is their own; the phone's messaging-app fallback has
 * none). Short on purpose: every character counts toward the text's SMS segments.
 */
export function withResponderLink(text: string, responderUrl: string): string {
  return `${text}\nAnswer: ${responderUrl}`;
}

/**
 * "Escort to 12 Market Street was due at 14:05 EST (12 min overdue)." / "Missed a check-in due at 14:05 EST (12
 * min overdue).": the deadline in the person's zone (with its date when that is not the day of sending), and how
 * long past it the text goes out.
 */
function journeyLine(journey: AlertSmsJourney, sentAt: Date, zone: string): string {
  const due = formatSentAt(journey.dueAt, sentAt, zone);
  const overdue = `${formatDuration(sentAt.getTime() - journey.dueAt.getTime())} overdue`;
  return journey.kind === 'escort'
    ? `Escort to ${journey.destination} was due at ${due} (${overdue}).`
    : `Missed a check-in due at ${due} (${overdue}).`;
}

/**
 * "Meeting: Sam Jones at Café Rio, since 19:30 EST (expected to end 21:00 EST).": whom and where as the person
 * typed them, on one line whatever they typed, and the times in the person's zone (with their date when that is
 * not the day the alert was raised).
 */
function meetingLine(meeting: AlertSmsMeeting, at: Date, zone: string): string {
  const person = oneLine(meeting.person) || MEETING_DEFAULTS.personDefault;
  const location = oneLine(meeting.location) || MEETING_DEFAULTS.locationDefault;
  const since = formatSentAt(meeting.startAt, at, zone);
  const end = meeting.endAt ? ` (expected to end ${formatSentAt(meeting.endAt, at, zone)})` : '';
  return `Meeting: ${person} at ${location}, since ${since}${end}.`;
}

/** Text on one line: a line break typed into a field must not start a line of its own in the text. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A late alert's position is where the person was when they raised it, and the text must say so. A last-known
 * position says its age, reckoned to when the text is sent, so no contact mistakes it for a current one.
 */
function locationLine(
  location: AlertSmsInput['location'],
  takenAt: Date | null,
  sentAt: Date,
  zone: string,
): string {
  if (!location) return 'Location: unknown';
  const accuracy =
    location.accuracy != null && Number.isFinite(location.accuracy)
      ? ` (within ${Math.round(location.accuracy)} m)`
      : '';
  const label = location.lastKnownAt
    ? `Last known location (${formatAge(sentAt.getTime() - location.lastKnownAt.getTime())})`
    : takenAt
      ? `Location at ${formatShort(takenAt, zone)}`
      : 'Location';
  return `${label}: ${mapLink(location.latitude, location.longitude)}${accuracy}`;
}

/** "12 min ago", "3 h 5 min ago", "4 days ago": rounded down, never younger than the truth. */
function formatAge(ms: number): string {
  const duration = formatDuration(ms);
  return duration === 'under 1 min' ? 'under 1 min ago' : `${duration} ago`;
}

/** "12 min", "3 h 5 min", "4 days", "under 1 min": rounded down. */
function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

function isLate(at: Date, sentAt: Date | undefined): boolean {
  return sentAt !== undefined && sentAt.getTime() - at.getTime() > DELAYED_ALERT.lateAfterSeconds * 1000;
}

/** The zone to write times in: the person's if this runtime knows it, else UTC. */
function usableTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

type ZonedParts = { date: string; time: string; zone: string };

/** Date, 24-hour time and the zone's short name ("EST", "EDT", "GMT+1", "UTC") of an instant in a zone. */
function zonedParts(at: Date, timeZone: string): ZonedParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
    zone: part('timeZoneName'),
  };
}

/** "12:40 EST": next to the full time it refers to. */
function formatShort(at: Date, timeZone: string): string {
  const { time, zone } = zonedParts(at, timeZone);
  return `${time} ${zone}`;
}

/** The sending time: "12:40 EST" on the day of the raise (in that zone), else with its own date. */
function formatSentAt(sentAt: Date, at: Date, timeZone: string): string {
  const sameDay = zonedParts(sentAt, timeZone).date === zonedParts(at, timeZone).date;
  return sameDay ? formatShort(sentAt, timeZone) : formatFull(sentAt, timeZone);
}

/** An instant as texts write it ("2026-01-01 07:00 EST") in the person's zone, or UTC without a usable one. */
export function formatTextTime(at: Date, timeZone: string | null | undefined): string {
  return formatFull(at, usableTimeZone(timeZone));
}

/** "2026-01-01 07:00 EST": a year-first date and the zone's name, unambiguous for a reader anywhere. */
function formatFull(at: Date, timeZone: string): string {
  const { date, time, zone } = zonedParts(at, timeZone);
  return `${date} ${time} ${zone}`;
}
