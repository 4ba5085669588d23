import type { WardJourney } from '../stores/ward-activity-store';

/**
 * Escort and check-in events come from a later module; their payloads are read defensively: the first date
 * among the usual deadline fields, and a destination when one is named.
 */
const DEADLINE_FIELDS = [
  'deadline_at',
  'next_due_at',
  'deadline',
  'expires_at',
  'ends_at',
  'end_time',
  'next_checkin_at',
  'next_check_in_at',
  'due_at',
] as const;
const DESTINATION_FIELDS = ['destination_address', 'destination'] as const;
const FINISHED = new Set(['completed', 'cancelled', 'canceled', 'stopped', 'ended', 'inactive']);

export function journeyDeadline(journey: WardJourney): string | null {
  for (const field of DEADLINE_FIELDS) {
    const value = journey.payload[field];
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value;
  }
  return null;
}

export function journeyDestination(journey: WardJourney): string | null {
  for (const field of DESTINATION_FIELDS) {
    const value = journey.payload[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** Finished journeys need no watching; expired or missed ones stay visible (they are why an alert went out). */
export function isJourneyOpen(journey: WardJourney): boolean {
  return !FINISHED.has(journey.payload.status.toLowerCase());
}
