import { z } from 'zod';
import { WARD_ACTIVITY } from '#shared/constants';
import { AlertDeliverySchema, AlertSchema, type Alert, type AlertDelivery } from '#shared/schemas/alert';
import { RealtimePayloadSchemas } from '#shared/schemas/realtime';

/**
 * What a guardian's device knows of their wards' alerts, escorts and check-ins. The server offers no HTTP read of
 * a ward's alerts (GET /api/alerts lists one's own), so this is built from realtime events (live and caught up)
 * and kept in session storage next to the realtime position, so a reload of the tab loses nothing.
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

/** Replaces a delivery by id, or adds it; the higher attempt count wins (events may arrive twice). */
function mergeDelivery(deliveries: AlertDelivery[], delivery: AlertDelivery): AlertDelivery[] {
  const existing = deliveries.find((other) => other.id === delivery.id);
  if (!existing) return [...deliveries, delivery];
  if (existing.attempts > delivery.attempts) return deliveries;
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
      // A delivery of an alert this device never saw (raised before the guardian connected) has nothing to attach to.
      if (!entry) return;
      commit({
        ...state,
        alerts: state.alerts.map((candidate) =>
          candidate === entry
            ? { ...entry, deliveries: mergeDelivery(entry.deliveries, delivery) }
            : candidate,
        ),
      });
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
