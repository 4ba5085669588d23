import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useHealth } from '../api/get-health';
import { healthKeys } from '../api/health-keys';
import { serverStatusOf, type ServerStatus } from '../utils/server-status';
import { useServerWatch } from './server-watch-context';

/** The server status the notice and the readiness card show: the health check weighed with the watch's doubt. */
export function useServerStatus(): ServerStatus {
  const health = useHealth();
  const { doubt } = useServerWatch();
  const queryClient = useQueryClient();
  // How many ok answers the health check has given: an answer equal to the last one changes no field the query's
  // result reports, yet it outweighs a doubt raised before it.
  const healthAnswers = useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    () => queryClient.getQueryState(healthKeys.all)?.dataUpdateCount ?? 0,
  );
  return serverStatusOf({ healthFailed: health.isError, healthAnswers, doubt });
}
