import { z } from 'zod';
import { WARD_ACTIVITY } from '#shared/constants';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/**
 * What a guardian's device knows of their wards that no query holds: the escorts and check-ins that only arrive
 * as realtime events, and which "<name> is safe" notices the guardian closed (an open alert cannot be closed, only
 * marked Seen, which the server keeps). The alerts themselves are server state and live
 * in the ward-alerts query (api/get-ward-alerts.ts). Kept in session storage next to the realtime catch-up
 * position, so a reload of the tab, which does not replay events already seen, loses neither.
 */
const JourneyKindSchema = z.enum(['escort', 'checkin']);
export type JourneyKind = z.infer<typeof JourneyKindSchema>;

const WardJourneySchema = z.object({
  ward_id: z.string(),
  kind: JourneyKindSchema,
  /** The event payload as sent: id, status and whatever the escort/check-in module adds (deadline, ...). */
  payload: z.looseObject({ id: z.string(), status: z.string() }),
  updated_at: z.string(),
});
export type WardJourney = z.infer<typeof WardJourneySchema>;

const DismissalSchema = z.object({ ward_id: z.string(), alert_id: z.string(), at: z.string() });

const StateSchema = z.object({ journeys: z.array(WardJourneySchema), dismissed: z.array(DismissalSchema) });
export type WardActivityState = z.infer<typeof StateSchema>;

export type WardActivityStore = {
  getSnapshot(): WardActivityState;
  subscribe(listener: () => void): () => void;
  journeyUpdated(wardId: string, kind: JourneyKind, payload: WardJourney['payload'], at: string): void;
  /** The guardian closed "<name> is safe" for that alert; the alert stays in the ward's card. */
  dismiss(wardId: string, alertId: string): void;
  /** The link ended: nothing of that person stays on this device. */
  forgetWard(wardId: string): void;
};

export const EMPTY_WARD_ACTIVITY: WardActivityState = { journeys: [], dismissed: [] };

/** Per tab (session storage): the tab's realtime catch-up position is kept the same way. */
const storedActivity = persistentStoreFamily<WardActivityState>({
  keyFor: (viewerId) => `beacon-ward-activity:${viewerId}`,
  schema: StateSchema,
  fallback: EMPTY_WARD_ACTIVITY,
  area: 'session',
});

/** A dismissal outlives its alert by no more than the alert's own retention (it is dismissed after it is raised). */
function pruneDismissed(
  dismissed: WardActivityState['dismissed'],
  nowMs: number,
): WardActivityState['dismissed'] {
  const oldest = nowMs - WARD_ACTIVITY.retentionHours * 3_600_000;
  return dismissed.filter((entry) => Date.parse(entry.at) >= oldest);
}

export function createWardActivityStore(viewerId: string, now: () => number = Date.now): WardActivityStore {
  const stored = storedActivity(viewerId);
  let state = stored.get();
  state = { ...state, dismissed: pruneDismissed(state.dismissed, now()) };
  const listeners = new Set<() => void>();

  const commit = (next: WardActivityState): void => {
    state = next;
    stored.set(state);
    for (const listener of [...listeners]) listener();
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    journeyUpdated(wardId, kind, payload, at) {
      const others = state.journeys.filter(
        (journey) => !(journey.ward_id === wardId && journey.kind === kind),
      );
      commit({ ...state, journeys: [...others, { ward_id: wardId, kind, payload, updated_at: at }] });
    },
    dismiss(wardId, alertId) {
      if (state.dismissed.some((entry) => entry.alert_id === alertId)) return;
      const at = new Date(now()).toISOString();
      commit({
        ...state,
        dismissed: [...pruneDismissed(state.dismissed, now()), { ward_id: wardId, alert_id: alertId, at }],
      });
    },
    forgetWard(wardId) {
      commit({
        journeys: state.journeys.filter((journey) => journey.ward_id !== wardId),
        dismissed: state.dismissed.filter((entry) => entry.ward_id !== wardId),
      });
    },
  };
}

/** Clears a signed-out person's copy from this tab. */
export function clearWardActivity(viewerId: string): void {
  storedActivity(viewerId).clear();
}
