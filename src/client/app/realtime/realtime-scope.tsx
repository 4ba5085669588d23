import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { refreshAfterRejection } from '../../features/auth/api/refresh-session';
import { useWardActivityStore } from '../../features/guardians/hooks/ward-activity-context';
import { clearWardActivity } from '../../features/guardians/stores/ward-activity-store';
import { clearWarningDismissals } from '../../features/guardians/stores/warning-dismissals';
import { useAddNotification } from '../../features/notifications/hooks/notifications-context';
import { useDevice } from '../../lib/device/device-context';
import { sessionLastEventStore } from '../../lib/realtime/last-event-store';
import { createRealtimeConnection, type RealtimeStatus } from '../../lib/realtime/realtime-connection';
import { RealtimeStatusContext, useRealtimeTransport } from '../../lib/realtime/realtime-context';
import { getSession } from '../../lib/session-store';
import { alertKeys } from '../../features/sos/api/alert-keys';
import type { applyRealtimeMessage, RealtimeSinks } from './apply-realtime-event';

type ApplyRealtimeEvent = typeof applyRealtimeMessage;
let applier: Promise<ApplyRealtimeEvent> | undefined;

/**
 * What each event changes (the caches, the ward banners, notifications), and the payload schemas that check it, are downloaded with the first event
 * instead of with the first screen (README, "Bundle budget"). Every event goes through this one promise, so
 * events keep their order even when the first arrive before the code has.
 */
function loadApplier(): Promise<ApplyRealtimeEvent> {
  applier ??= import('./apply-realtime-event').then((module) => module.applyRealtimeMessage);
  return applier;
}

/**
 * The signed-in app's one realtime connection. Opens when someone signs in, closes when they sign out (and then
 * forgets this tab's catch-up position and ward activity), reconnects at once when the network returns.
 */
export function RealtimeScope({ userId, children }: { userId: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const transport = useRealtimeTransport();
  const { network } = useDevice();
  const wardActivity = useWardActivityStore();
  const addNotification = useAddNotification();
  const [status, setStatus] = useState<RealtimeStatus>('stopped');

  // Sinks change identity with the person; the connection reads the latest through a ref.
  const sinks = useRef<RealtimeSinks | null>(null);
  useEffect(() => {
    sinks.current = userId
      ? { queryClient, viewerId: userId, wardActivity, addNotification: (n) => void addNotification(n) }
      : null;
  }, [userId, queryClient, wardActivity, addNotification]);

  useEffect(() => {
    if (!userId) return;
    const connection = createRealtimeConnection({
      userId,
      transport,
      getToken: () => getSession()?.access_token ?? null,
      refreshToken: refreshAfterRejection,
      lastEvents: sessionLastEventStore,
      onEvent: (event, meta) => {
        void loadApplier().then((apply) => {
          if (sinks.current) apply(event, meta, sinks.current);
        });
      },
      onResync: () => void queryClient.invalidateQueries(),
      onStatus: (next) => {
        setStatus(next);
        // A fresh connection hears events from its opening on: an alert raised on another device between this
        // page's first read and that moment would be missed, and the active-alert screen must not miss one.
        if (next === 'open') void queryClient.invalidateQueries({ queryKey: alertKeys.active(userId) });
      },
    });
    connection.start();
    const unsubscribe = network.subscribe((online) => {
      if (online) connection.reconnectNow();
    });
    return () => {
      unsubscribe();
      connection.stop();
      setStatus('stopped');
      // Signed out (or another person signed in): nothing of theirs stays in this tab.
      if (getSession()?.user.id !== userId) {
        sessionLastEventStore.clear(userId);
        clearWardActivity(userId);
        clearWarningDismissals(userId);
      }
    };
  }, [userId, transport, network, queryClient]);

  return <RealtimeStatusContext.Provider value={status}>{children}</RealtimeStatusContext.Provider>;
}
