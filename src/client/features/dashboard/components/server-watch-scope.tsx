import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { HEALTH_RECHECK_MS } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';
import { useRealtimeStatus } from '../../../lib/realtime/realtime-context';
import { healthKeys } from '../api/health-keys';
import { ServerWatchContext } from '../hooks/server-watch-context';
import type { ServerDoubt } from '../utils/server-status';

/**
 * Notices a server that stops answering after the page loaded, without polling while all is well
 * (docs/ARCHITECTURE.md, "The client: work queued on the device"). The realtime socket is the signal: its close
 * (the server's process ended, the connection dropped, or its heartbeat went unanswered) is a doubt, and the health
 * check is asked at once; while the socket is down or has not opened, the health check is asked every
 * HEALTH_RECHECK_MS while the phone is online (a failing one already re-asks itself), and once more when the socket is back. An SOS send
 * that found no server is a doubt too (`reportUnreachable`). Inside <RealtimeScope>; signed out it does nothing.
 */
export function ServerWatchScope({ children }: { children: ReactNode }) {
  const socket = useRealtimeStatus();
  const { network } = useDevice();
  const queryClient = useQueryClient();
  const [doubt, setDoubt] = useState<ServerDoubt | null>(null);

  const recheck = useCallback((): void => {
    // Joins a health check already under way rather than starting another.
    void queryClient.refetchQueries({ queryKey: healthKeys.all }, { cancelRefetch: false });
  }, [queryClient]);

  const doubtServer = useCallback(
    (reason: ServerDoubt['reason']): void => {
      const healthAnswersThen = queryClient.getQueryState(healthKeys.all)?.dataUpdateCount ?? 0;
      setDoubt({ reason, healthAnswersThen });
      recheck();
    },
    [queryClient, recheck],
  );

  const previous = useRef(socket);
  useEffect(() => {
    const before = previous.current;
    previous.current = socket;
    if (socket === 'reconnecting' && before !== 'reconnecting') doubtServer('socket-lost');
    if (socket === 'open' && before === 'reconnecting') recheck();
  }, [socket, doubtServer, recheck]);

  useEffect(() => {
    if (socket === 'open' || socket === 'stopped') return;
    const timer = window.setInterval(() => {
      // Offline, nothing can answer (the screens say Offline); a failing check already re-asks itself.
      if (!network.isOnline() || queryClient.getQueryState(healthKeys.all)?.status === 'error') return;
      recheck();
    }, HEALTH_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [socket, network, queryClient, recheck]);

  const reportUnreachable = useCallback(() => doubtServer('send-failed'), [doubtServer]);
  const value = useMemo(() => ({ doubt, reportUnreachable }), [doubt, reportUnreachable]);
  return <ServerWatchContext.Provider value={value}>{children}</ServerWatchContext.Provider>;
}
