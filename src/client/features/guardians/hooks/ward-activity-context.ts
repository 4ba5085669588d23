import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { useWardAlerts } from '../api/get-ward-alerts';
import { EMPTY_WARD_ACTIVITY, type WardActivityStore } from '../stores/ward-activity-store';
import type { WardAlertRecord } from '../utils/ward-alerts';

/** Null while nobody is signed in. */
export const WardActivityContext = createContext<WardActivityStore | null>(null);

const noopSubscribe = (): (() => void) => () => undefined;

/** A ward's alert as the screens show it: the record from the query, and whether its banner was closed. */
export type WardAlert = WardAlertRecord & { dismissed: boolean };

/** The store itself, for the realtime layer that feeds it. */
export function useWardActivityStore(): WardActivityStore | null {
  return useContext(WardActivityContext);
}

/** The wards' alerts (from the ward-alerts query) with the banners the guardian closed, re-rendering on either. */
export function useWardActivity(userId: string): {
  alerts: WardAlert[];
  dismiss: (entry: WardAlertRecord) => void;
} {
  const store = useContext(WardActivityContext);
  const state = useSyncExternalStore(
    store?.subscribe ?? noopSubscribe,
    store?.getSnapshot ?? (() => EMPTY_WARD_ACTIVITY),
  );
  const { data } = useWardAlerts(userId);
  const alerts = useMemo(
    () =>
      (data ?? []).map((entry) => ({
        ...entry,
        dismissed: state.dismissed.some((dismissal) => dismissal.alert_id === entry.alert.id),
      })),
    [data, state.dismissed],
  );
  return {
    alerts,
    dismiss: (entry) => store?.dismiss(entry.ward_id, entry.alert.id),
  };
}
