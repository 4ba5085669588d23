import { lazy, Suspense } from 'react';
import { useHealth } from '../../features/dashboard/api/get-health';
import { useOnline } from '../../lib/device/use-online';

/**
 * Downloaded only when the server fails (bundle budget). The service worker precaches every chunk, so it loads
 * even when nothing answers.
 */
const ServerUnavailableNotice = lazy(async () => ({
  default: (await import('../../features/dashboard/components/server-unavailable-notice'))
    .ServerUnavailableNotice,
}));

/**
 * Above a signed-in screen with SOS: says when the server fails its health check, and nothing otherwise. An
 * offline device is not told about the server (the SOS button already says "Offline"). `className` lays out the
 * wrapper, which exists only while the notice shows.
 */
export function ServerStatusNotice({ className }: { className?: string }) {
  const health = useHealth();
  const online = useOnline();
  if (!health.isError || !online) return null;
  return (
    <Suspense fallback={null}>
      <div className={className}>
        <ServerUnavailableNotice onRetry={() => void health.refetch()} retrying={health.isFetching} />
      </div>
    </Suspense>
  );
}
