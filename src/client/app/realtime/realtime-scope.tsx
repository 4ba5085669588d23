import { useQueryClient, type QueryClient } from '@tanstack/react-query';
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
 * Reads everything the app shows again over HTTP, for a connection that missed events (a fresh one, a truncated
 * catch-up). An event that arrives while those reads are out may be one they left too early to include, and a
 * read that comes back after the event was applied would put the older state back: so one event heard meanwhile
 * means one more round of reads, which leave after it was stored. `heard` is told of every event delivered.
 */
function createResync(queryClient: QueryClient): { resync(): void; heard(): void } {
  let round: { heard: boolean } | null = null;
  const resync = (): void => {
    const current = { heard: false };
    round = current;
    void queryClient.invalidateQueries().then(() => {
      if (round !== current) return; // A newer round took over.
      round = null;
      if (current.heard) void queryClient.invalidateQueries();
    });
  };
  return {
    resync,
    heard: () => {
      if (round) round.heard = true;
    },
  };
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
    const reads = createResync(queryClient);
    const connection = createRealtimeConnection({
      userId,
      transport,
      getToken: () => getSession()?.access_token ?? null,
      refreshToken: refreshAfterRejection,
      lastEvents: sessionLastEventStore,
      onEvent: (event, meta) => {
        reads.heard();
        void loadApplier().then((apply) => {
          if (sinks.current) apply(event, meta, sinks.current);
        });
      },
      onResync: reads.resync,
      onStatus: (next) => {
        setStatus(next);
        // Events are stored best effort: one that could not be stored is neither sent nor replayed. On every
        // opening, resumed ones too, the screen that must never miss an alert reads the person's own again.
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
