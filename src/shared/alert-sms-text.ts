import { APP_NAME, DELAYED_ALERT } from './constants';
import { mapLink } from './map-link';
import type { AlertTriggerType } from './schemas/alert';
import { ALERT_TRIGGER_LABELS } from './texts';

export type AlertSmsInput = {
  /** The person's profile name; blank means we say "A Beacon user". */
  fullName: string | null;
  triggerType: AlertTriggerType | string;
  /** When the person raised the alert. */
  at: Date;
  /** When it is being sent; later than `at` when the phone was offline and sent a queued SOS. */
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
};

/**
 * The text every contact receives. Short (SMS), plain, and readable by someone who has never heard of the app:
 * who needs help, why we are texting, when (UTC, stated), where (a map link anyone can open), and their words.
 * The server texts it, and the phone's messaging-app fallback opens with it, so contacts read the same words
 * whichever way the SOS reached them.
 */
export function buildAlertSms(input: AlertSmsInput): string {
  const name = input.fullName?.trim() || `A ${APP_NAME} user`;
  const late = isLate(input.at, input.sentAt);
  const lines = [
    `${APP_NAME} SOS: ${name} may need help (${triggerLabel(input.triggerType)}).`,
    late && input.sentAt
      ? `Time: ${formatUtc(input.at)} (sent ${formatSentAt(input.sentAt, input.at)}: the phone was offline)`
      : `Time: ${formatUtc(input.at)}`,
    locationLine(input.location, late ? input.at : null, input.sentAt ?? input.at),
  ];
  if (input.location?.address) lines.push(`Near: ${input.location.address}`);
  if (input.message?.trim()) lines.push(`Message: "${input.message.trim()}"`);
  if (input.trackingUrl) lines.push(`Live location: ${input.trackingUrl}`);
  return lines.join('\n');
}

function triggerLabel(triggerType: string): string {
  return ALERT_TRIGGER_LABELS[triggerType as AlertTriggerType] ?? triggerType;
}

/**
 * A late alert's position is where the person was when they raised it, and the text must say so. A last-known
 * position says its age, reckoned to when the text is sent, so no contact mistakes it for a current one.
 */
function locationLine(location: AlertSmsInput['location'], takenAt: Date | null, sentAt: Date): string {
  if (!location) return 'Location: unknown';
  const accuracy =
    location.accuracy != null && Number.isFinite(location.accuracy)
      ? ` (within ${Math.round(location.accuracy)} m)`
      : '';
  const label = location.lastKnownAt
    ? `Last known location (${formatAge(sentAt.getTime() - location.lastKnownAt.getTime())})`
    : takenAt
      ? `Location at ${formatUtcTime(takenAt)} UTC`
      : 'Location';
  return `${label}: ${mapLink(location.latitude, location.longitude)}${accuracy}`;
}

/** "12 min ago", "3 h 5 min ago", "4 days ago": rounded down, never younger than the truth. */
function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under 1 min ago';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h ago` : `${hours} h ${minutes % 60} min ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

function isLate(at: Date, sentAt: Date | undefined): boolean {
  return sentAt !== undefined && sentAt.getTime() - at.getTime() > DELAYED_ALERT.lateAfterSeconds * 1000;
}

/** "12:40", next to the full time it refers to. */
function formatUtcTime(at: Date): string {
  return at.toISOString().slice(11, 16);
}

/** The sending time: "12:40 UTC" on the day of the raise, else with its own date. */
function formatSentAt(sentAt: Date, at: Date): string {
  const sameDay = sentAt.toISOString().slice(0, 10) === at.toISOString().slice(0, 10);
  return sameDay ? `${formatUtcTime(sentAt)} UTC` : formatUtc(sentAt);
}

/** "2026-01-01 12:00 UTC": unambiguous for a reader in any time zone. */
function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
