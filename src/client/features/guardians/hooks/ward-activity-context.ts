import { createContext, useContext, useSyncExternalStore } from 'react';
import type { WardActivityState, WardActivityStore } from '../stores/ward-activity-store';

/** Null while nobody is signed in. */
export const WardActivityContext = createContext<WardActivityStore | null>(null);

const EMPTY: WardActivityState = { alerts: [], journeys: [] };
const noopSubscribe = (): (() => void) => () => undefined;

/** The store itself, for the realtime layer that feeds it. */
export function useWardActivityStore(): WardActivityStore | null {
  return useContext(WardActivityContext);
}

/** The wards' alerts and journeys as known on this device, re-rendering on every change. */
export function useWardActivity(): WardActivityState & { dismiss: (alertId: string) => void } {
  const store = useContext(WardActivityContext);
  const state = useSyncExternalStore(store?.subscribe ?? noopSubscribe, store?.getSnapshot ?? (() => EMPTY));
  return { ...state, dismiss: (alertId) => store?.dismiss(alertId) };
}
