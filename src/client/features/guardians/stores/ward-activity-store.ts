import { z } from 'zod';
import { WARD_ACTIVITY } from '#shared/constants';
import {
  AlertDeliverySchema,
  AlertSchema,
  type Alert,
  type AlertDelivery,
  type WardAlertDetail,
} from '#shared/schemas/alert';
import { RealtimePayloadSchemas } from '#shared/schemas/realtime';

/**
 * What a guardian's device knows of their wards' alerts, escorts and check-ins: built from realtime events (live
 * and caught up) and from GET /api/wards/alerts (what a new window never saw), and kept in session storage next
 * to the realtime position, so a reload of the tab loses nothing, dismissed banners included.
 */
const WardAlertSchema = z.object({
  ward_id: z.string(),
  alert: AlertSchema,
  deliveries: z.array(AlertDeliverySchema),
  /** The guardian closed the red banner; the alert stays in the ward's card. */
  dismissed: z.boolean(),
});
export type WardAlert = z.infer<typeof WardAlertSchema>;

const JourneyKindSchema = z.enum(['escort', 'checkin']);
export type JourneyKind = z.infer<typeof JourneyKindSchema>;

const WardJourneySchema = z.object({
  ward_id: z.string(),
  kind: JourneyKindSchema,
  /** The event payload as sent: id, status and whatever the escort/check-in module adds (deadline, ...). */
  payload: RealtimePayloadSchemas['escort.updated'],
  updated_at: z.string(),
});
export type WardJourney = z.infer<typeof WardJourneySchema>;

const StateSchema = z.object({ alerts: z.array(WardAlertSchema), journeys: z.array(WardJourneySchema) });
export type WardActivityState = z.infer<typeof StateSchema>;

export type WardActivityStore = {
  getSnapshot(): WardActivityState;
  subscribe(listener: () => void): () => void;
  alertRaised(wardId: string, alert: Alert): void;
  deliveryUpdated(wardId: string, alertId: string, delivery: AlertDelivery): void;
  /** Alerts read from the server: unseen ones are added (their banner shows), known ones get newer statuses. */
  alertsLoaded(loaded: readonly WardAlertDetail[]): void;
  journeyUpdated(wardId: string, kind: JourneyKind, payload: WardJourney['payload'], at: string): void;
  dismiss(alertId: string): void;
  /** The link ended: nothing of that person stays on this device. */
  forgetWard(wardId: string): void;
};

const EMPTY: WardActivityState = { alerts: [], journeys: [] };
const KEY_PREFIX = 'beacon-ward-activity';

export function wardActivityKey(viewerId: string): string {
  return `${KEY_PREFIX}:${viewerId}`;
}

function load(key: string): WardActivityState {
  try {
    const raw = window.sessionStorage.getItem(key);
    const parsed = raw === null ? null : StateSchema.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

function save(key: string, state: WardActivityState): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(state));
  } catch {
    // Memory still holds it; only a reload loses it.
  }
}

/** Newest first, without alerts past retention, at most `maxAlerts`. */
function prune(alerts: WardAlert[], nowMs: number): WardAlert[] {
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

export function createWardActivityStore(viewerId: string, now: () => number = Date.now): WardActivityStore {
  const key = wardActivityKey(viewerId);
  let state = load(key);
  state = { ...state, alerts: prune(state.alerts, now()) };
  const listeners = new Set<() => void>();

  const commit = (next: WardActivityState): void => {
    state = { ...next, alerts: prune(next.alerts, now()) };
    save(key, state);
    for (const listener of [...listeners]) listener();
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    alertRaised(wardId, alert) {
      if (state.alerts.some((entry) => entry.alert.id === alert.id)) return;
      commit({
        ...state,
        alerts: [{ ward_id: wardId, alert, deliveries: [], dismissed: false }, ...state.alerts],
      });
    },
    deliveryUpdated(wardId, alertId, delivery) {
      const entry = state.alerts.find(
        (candidate) => candidate.alert.id === alertId && candidate.ward_id === wardId,
      );
      // An alert this device never saw has nothing to attach to; the server read brings it with its deliveries.
      if (!entry) return;
      const deliveries = mergeDelivery(entry.deliveries, delivery);
      if (deliveries === entry.deliveries) return;
      commit({
        ...state,
        alerts: state.alerts.map((candidate) => (candidate === entry ? { ...entry, deliveries } : candidate)),
      });
    },
    alertsLoaded(loaded) {
      let alerts = state.alerts;
      for (const { ward_id, alert, deliveries } of loaded) {
        const entry = alerts.find((candidate) => candidate.alert.id === alert.id);
        if (!entry) {
          alerts = [...alerts, { ward_id, alert, deliveries, dismissed: false }];
          continue;
        }
        const merged = deliveries.reduce(mergeDelivery, entry.deliveries);
        if (merged !== entry.deliveries) {
          alerts = alerts.map((candidate) =>
            candidate === entry ? { ...entry, deliveries: merged } : candidate,
          );
        }
      }
      if (alerts !== state.alerts) commit({ ...state, alerts });
    },
    journeyUpdated(wardId, kind, payload, at) {
      const others = state.journeys.filter(
        (journey) => !(journey.ward_id === wardId && journey.kind === kind),
      );
      commit({ ...state, journeys: [...others, { ward_id: wardId, kind, payload, updated_at: at }] });
    },
    dismiss(alertId) {
      if (!state.alerts.some((entry) => entry.alert.id === alertId && !entry.dismissed)) return;
      commit({
        ...state,
        alerts: state.alerts.map((entry) =>
          entry.alert.id === alertId ? { ...entry, dismissed: true } : entry,
        ),
      });
    },
    forgetWard(wardId) {
      commit({
        alerts: state.alerts.filter((entry) => entry.ward_id !== wardId),
        journeys: state.journeys.filter((journey) => journey.ward_id !== wardId),
      });
    },
  };
}

/** Clears a signed-out person's copy from this tab. */
export function clearWardActivity(viewerId: string): void {
  try {
    window.sessionStorage.removeItem(wardActivityKey(viewerId));
  } catch {
    // Nothing stored.
  }
}
