import { z } from 'zod';
import { WARD_ACTIVITY } from '#shared/constants';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/**
 * What a guardian's device knows of their wards that no query holds: which "<name> is safe" notices the guardian
 * closed (an open alert cannot be closed, only marked Seen, which the server keeps). The alerts live in the
 * ward-alerts query (api/get-ward-alerts.ts), the wards' escorts and check-ins in the journeys query
 * (GET /api/wards/journeys). Kept in session storage next to the realtime catch-up position, so a reload of the
 * tab keeps it.
 */
const DismissalSchema = z.object({ ward_id: z.string(), alert_id: z.string(), at: z.string() });

const StateSchema = z.object({ dismissed: z.array(DismissalSchema) });
export type WardActivityState = z.infer<typeof StateSchema>;

export type WardActivityStore = {
  getSnapshot(): WardActivityState;
  subscribe(listener: () => void): () => void;
  /** The guardian closed "<name> is safe" for that alert; the alert stays in the ward's card. */
  dismiss(wardId: string, alertId: string): void;
  /** The link ended: nothing of that person stays on this device. */
  forgetWard(wardId: string): void;
};

export const EMPTY_WARD_ACTIVITY: WardActivityState = { dismissed: [] };

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
    dismiss(wardId, alertId) {
      if (state.dismissed.some((entry) => entry.alert_id === alertId)) return;
      const at = new Date(now()).toISOString();
      commit({
        ...state,
        dismissed: [...pruneDismissed(state.dismissed, now()), { ward_id: wardId, alert_id: alertId, at }],
      });
    },
    forgetWard(wardId) {
      commit({ dismissed: state.dismissed.filter((entry) => entry.ward_id !== wardId) });
    },
  };
}

/** Clears a signed-out person's copy from this tab. */
export function clearWardActivity(viewerId: string): void {
  storedActivity(viewerId).clear();
}
