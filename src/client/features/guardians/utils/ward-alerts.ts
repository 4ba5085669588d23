import { WARD_ACTIVITY } from '#shared/constants';
import type { Alert, AlertDelivery, WardAlertDetail } from '#shared/schemas/alert';
import type { AlertResponseKind } from '#shared/alert-life';
import type { AlertProgress, AlertResponse } from '#shared/schemas/alert-life';

/**
 * One alert of a ward as the guardian's device holds it (in the ward-alerts query): the alert (with its status),
 * its texts, and when this guardian said "Seen" (stored on the server, so the same on all their devices).
 */
export type WardAlertRecord = {
  ward_id: string;
  alert: Alert;
  deliveries: AlertDelivery[];
  seen_at: string | null;
  /** Who has answered (a server read or `alert.progress`); absent until one of them brings it. */
  responses?: AlertResponse[];
  /** This guardian's own answer (stored on the server, so the same on their devices after a read). */
  my_response?: AlertResponseKind | null;
};

/** Newest first, without alerts past retention, at most `maxAlerts`. */
function prune(alerts: WardAlertRecord[], nowMs: number): WardAlertRecord[] {
  const oldest = nowMs - WARD_ACTIVITY.retentionHours * 3_600_000;
  return alerts
    .filter((entry) => Date.parse(entry.alert.created_at) >= oldest)
    .sort((a, b) => Date.parse(b.alert.created_at) - Date.parse(a.alert.created_at))
    .slice(0, WARD_ACTIVITY.maxAlerts);
}

/**
 * Is `incoming` a later state of the delivery than `existing`? Each attempt starts `sending` (attempts + 1) and
 * ends `sent`, `failed` or `pending` for a retry, so a higher attempt count is later, and within one attempt
 * anything after `sending` is. Events may arrive twice and a server read may race them: older never wins.
 */
function isLaterDelivery(incoming: AlertDelivery, existing: AlertDelivery): boolean {
  if (incoming.attempts !== existing.attempts) return incoming.attempts > existing.attempts;
  return existing.status === 'sending' && incoming.status !== 'sending';
}

/** Adds a delivery, or replaces it by id with a later state; the same array when nothing changed. */
function mergeDelivery(deliveries: AlertDelivery[], delivery: AlertDelivery): AlertDelivery[] {
  const existing = deliveries.find((other) => other.id === delivery.id);
  if (!existing) return [...deliveries, delivery];
  if (!isLaterDelivery(delivery, existing)) return deliveries;
  return deliveries.map((other) => (other.id === delivery.id ? delivery : other));
}

/** `alert.created`: a new alert joins the list; one already known leaves it as it is. */
export function withAlertRaised(
  alerts: WardAlertRecord[],
  wardId: string,
  alert: Alert,
  nowMs: number = Date.now(),
): WardAlertRecord[] {
  if (alerts.some((entry) => entry.alert.id === alert.id)) return alerts;
  return prune([{ ward_id: wardId, alert, deliveries: [], seen_at: null }, ...alerts], nowMs);
}

/**
 * `alert.resolved`: the ward said "I'm safe"; the alert's new state replaces the old one. An alert this device
 * never saw joins the list already ended, so the guardian still learns that the ward is safe.
 */
export function withAlertResolved(
  alerts: WardAlertRecord[],
  wardId: string,
  alert: Alert,
  nowMs: number = Date.now(),
): WardAlertRecord[] {
  const entry = alerts.find((candidate) => candidate.alert.id === alert.id);
  if (!entry) return prune([{ ward_id: wardId, alert, deliveries: [], seen_at: null }, ...alerts], nowMs);
  if (entry.alert.status === 'resolved') return alerts;
  return alerts.map((candidate) => (candidate === entry ? { ...entry, alert } : candidate));
}

/** "Seen" (this device's answer or `alert.seen` from another device): the first time counts. */
export function withAlertSeen(alerts: WardAlertRecord[], alertId: string, seenAt: string): WardAlertRecord[] {
  const entry = alerts.find((candidate) => candidate.alert.id === alertId);
  if (!entry || entry.seen_at) return alerts;
  return alerts.map((candidate) => (candidate === entry ? { ...entry, seen_at: seenAt } : candidate));
}

/** `alert.delivery_updated`: a later state of one text replaces the earlier one. */
export function withDeliveryUpdated(
  alerts: WardAlertRecord[],
  wardId: string,
  alertId: string,
  delivery: AlertDelivery,
): WardAlertRecord[] {
  const entry = alerts.find((candidate) => candidate.alert.id === alertId && candidate.ward_id === wardId);
  // An alert this device never saw has nothing to attach to; the server read brings it with its deliveries.
  if (!entry) return alerts;
  const deliveries = mergeDelivery(entry.deliveries, delivery);
  if (deliveries === entry.deliveries) return alerts;
  return alerts.map((candidate) => (candidate === entry ? { ...entry, deliveries } : candidate));
}

/** The newest time anyone answered, for telling which of two pictures of the responses is later. */
const latestAnswer = (responses: readonly AlertResponse[] | undefined): number =>
  Math.max(-1, ...(responses ?? []).map((response) => Date.parse(response.responded_at)));

/**
 * `alert.progress` (someone answered, the alert escalated): the alert's state and every response as they now
 * stand. The guardian's own answer stays as it is (the event does not say whose answer it was).
 */
export function withAlertProgress(alerts: WardAlertRecord[], progress: AlertProgress): WardAlertRecord[] {
  const entry = alerts.find((candidate) => candidate.alert.id === progress.alert_id);
  // An alert this device never saw: the next server read brings it with its responses.
  if (!entry || entry.alert.status === 'resolved') return alerts;
  if (latestAnswer(progress.responses) < latestAnswer(entry.responses)) return alerts;
  const acknowledgedAt =
    entry.alert.acknowledged_at ?? (progress.state === 'acknowledged' ? progress.entry.at : null);
  const alert = { ...entry.alert, state: progress.state, acknowledged_at: acknowledgedAt };
  return alerts.map((candidate) =>
    candidate === entry ? { ...entry, alert, responses: progress.responses } : candidate,
  );
}

/** The guardian's own answer, as the server stored it (this device's answer). */
export function withMyResponse(
  alerts: WardAlertRecord[],
  progress: AlertProgress & { my_response: AlertResponseKind },
): WardAlertRecord[] {
  const next = withAlertProgress(alerts, progress);
  return next.map((candidate) =>
    candidate.alert.id === progress.alert_id
      ? { ...candidate, my_response: progress.my_response }
      : candidate,
  );
}

/** A known alert with what a server read adds: newer text statuses, its end, the guardian's Seen and answers. */
function mergeLoaded(entry: WardAlertRecord, loaded: WardAlertDetail): WardAlertRecord {
  const deliveries = loaded.deliveries.reduce(mergeDelivery, entry.deliveries);
  // An end never un-ends: a read taken before "I'm safe" must not bring the alert back.
  const ended = entry.alert.status === 'active' && loaded.alert.status === 'resolved';
  // Responses only move forward: a read taken before an answer arrived live must not hide it.
  const newerAnswers = latestAnswer(loaded.responses) > latestAnswer(entry.responses);
  const alert = ended
    ? loaded.alert
    : newerAnswers
      ? { ...entry.alert, state: loaded.alert.state, acknowledged_at: loaded.alert.acknowledged_at }
      : entry.alert;
  const responses = newerAnswers || !entry.responses ? loaded.responses : entry.responses;
  const seen_at = entry.seen_at ?? loaded.seen_at;
  // This device's own answer wins over a read that does not yet have it.
  const my_response = newerAnswers
    ? (loaded.my_response ?? entry.my_response ?? null)
    : (entry.my_response ?? loaded.my_response ?? null);
  if (
    deliveries === entry.deliveries &&
    alert === entry.alert &&
    seen_at === entry.seen_at &&
    responses === entry.responses &&
    my_response === (entry.my_response ?? null)
  ) {
    return entry;
  }
  return { ...entry, deliveries, alert, seen_at, responses, my_response };
}

/**
 * A server read merged into what the device knows: unseen alerts are added, known ones get newer text statuses,
 * their end and the guardian's Seen, and alerts that arrived live after the read was taken stay. The same array
 * when nothing changed.
 */
export function withAlertsLoaded(
  alerts: WardAlertRecord[],
  loaded: readonly WardAlertDetail[],
  nowMs: number = Date.now(),
): WardAlertRecord[] {
  let merged = alerts;
  for (const detail of loaded) {
    const entry = merged.find((candidate) => candidate.alert.id === detail.alert.id);
    if (!entry) {
      const { ward_id, alert, deliveries, seen_at, responses } = detail;
      merged = [
        ...merged,
        { ward_id, alert, deliveries, seen_at, responses, my_response: detail.my_response ?? null },
      ];
      continue;
    }
    const next = mergeLoaded(entry, detail);
    if (next !== entry) merged = merged.map((candidate) => (candidate === entry ? next : candidate));
  }
  return merged === alerts ? alerts : prune(merged, nowMs);
}

/** The link ended: nothing of that person stays on this device. */
export function withoutWard(alerts: WardAlertRecord[], wardId: string): WardAlertRecord[] {
  return alerts.filter((entry) => entry.ward_id !== wardId);
}
