import { lazy, Suspense, useEffect } from 'react';
import { useHealth } from '../../features/dashboard/api/get-health';
import { useServerStatus } from '../../features/dashboard/hooks/use-server-status';
import { useOnline } from '../../lib/device/use-online';
import { whenIdleAfterFirstPaint } from '../../lib/first-paint';

/**
 * Not part of the first download (bundle budget), but fetched as soon as a screen with SOS has shown: a server
 * that dies later cannot serve it then (the service worker also precaches every chunk).
 */
const loadServerUnavailableNotice = () =>
  import('../../features/dashboard/components/server-unavailable-notice');
const ServerUnavailableNotice = lazy(async () => ({
  default: (await loadServerUnavailableNotice()).ServerUnavailableNotice,
}));

/**
 * Above a signed-in screen with SOS: says when the server cannot be reached (its health check fails, or an SOS
 * send found no server since its last answer; see ServerWatchScope), and nothing otherwise. An offline device is
 * not told about the server (the SOS button already says "Offline"). `className` lays out the wrapper, which exists
 * only while the notice shows.
 */
export function ServerStatusNotice({ className }: { className?: string }) {
  useEffect(() => {
    void whenIdleAfterFirstPaint('warm', loadServerUnavailableNotice);
  }, []);
  const health = useHealth();
  const status = useServerStatus();
  const online = useOnline();
  if (status !== 'unreachable' || !online) return null;
  return (
    <Suspense fallback={null}>
      <div className={className}>
        <ServerUnavailableNotice onRetry={() => void health.refetch()} retrying={health.isFetching} />
      </div>
    </Suspense>
  );
}
