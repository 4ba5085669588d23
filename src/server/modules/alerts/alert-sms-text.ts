import { APP_NAME } from '#shared/constants';
import type { AlertTriggerType } from '#shared/schemas/alert';
import { ALERT_TRIGGER_LABELS } from '#shared/texts';

export type AlertSmsInput = {
  /** The person's profile name; blank means we say "A Beacon user". */
  fullName: string | null;
  triggerType: AlertTriggerType | string;
  at: Date;
  location?: {
    latitude: number;
    longitude: number;
    accuracy?: number | null;
    address?: string | null;
  } | null;
  message?: string | null;
  /** A live tracking link (share links come with the next issue); omitted when there is none. */
  trackingUrl?: string | null;
};

/**
 * The text every contact receives. Short (SMS), plain, and readable by someone who has never heard of the app:
 * who needs help, why we are texting, when (UTC, stated), where (a map link anyone can open), and their words.
 */
export function buildAlertSms(input: AlertSmsInput): string {
  const name = input.fullName?.trim() || `A ${APP_NAME} user`;
  const lines = [
    `${APP_NAME} SOS: ${name} may need help (${triggerLabel(input.triggerType)}).`,
    `Time: ${formatUtc(input.at)}`,
    locationLine(input.location),
  ];
  if (input.location?.address) lines.push(`Near: ${input.location.address}`);
  if (input.message?.trim()) lines.push(`Message: "${input.message.trim()}"`);
  if (input.trackingUrl) lines.push(`Live location: ${input.trackingUrl}`);
  return lines.join('\n');
}

export function mapLink(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}

function triggerLabel(triggerType: string): string {
  return ALERT_TRIGGER_LABELS[triggerType as AlertTriggerType] ?? triggerType;
}

function locationLine(location: AlertSmsInput['location']): string {
  if (!location) return 'Location: unknown';
  const accuracy =
    location.accuracy != null && Number.isFinite(location.accuracy)
      ? ` (within ${Math.round(location.accuracy)} m)`
      : '';
  return `Location: ${mapLink(location.latitude, location.longitude)}${accuracy}`;
}

/** "2026-01-01 12:00 UTC": unambiguous for a reader in any time zone. */
function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
