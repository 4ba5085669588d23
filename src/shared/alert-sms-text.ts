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
  } | null;
  message?: string | null;
  /** A live tracking link (a stored share link); omitted when there is none. */
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
    locationLine(input.location, late ? input.at : null),
  ];
  if (input.location?.address) lines.push(`Near: ${input.location.address}`);
  if (input.message?.trim()) lines.push(`Message: "${input.message.trim()}"`);
  if (input.trackingUrl) lines.push(`Live location: ${input.trackingUrl}`);
  return lines.join('\n');
}

function triggerLabel(triggerType: string): string {
  return ALERT_TRIGGER_LABELS[triggerType as AlertTriggerType] ?? triggerType;
}

/** A late alert's position is where the person was when they raised it, and the text must say so. */
function locationLine(location: AlertSmsInput['location'], takenAt: Date | null): string {
  if (!location) return 'Location: unknown';
  const accuracy =
    location.accuracy != null && Number.isFinite(location.accuracy)
      ? ` (within ${Math.round(location.accuracy)} m)`
      : '';
  const label = takenAt ? `Location at ${formatUtcTime(takenAt)} UTC` : 'Location';
  return `${label}: ${mapLink(location.latitude, location.longitude)}${accuracy}`;
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
