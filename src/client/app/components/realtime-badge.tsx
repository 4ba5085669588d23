import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import { Badge } from '../../components/ui/badge';
import { useRealtimeStatus } from '../../lib/realtime/realtime-context';

/** "Live" while realtime events flow; otherwise says it is (re)connecting. */
export function RealtimeBadge() {
  const status = useRealtimeStatus();
  if (status === 'open') {
    return (
      <Badge tone="success" role="status">
        <span className="mr-1.5 size-2 motion-safe:animate-pulse rounded-full bg-current" aria-hidden />
        {GUARDIAN_VIEW_TEXTS.live}
      </Badge>
    );
  }
  if (status === 'stopped') return null;
  return (
    <Badge tone="warning" role="status">
      {status === 'connecting' ? GUARDIAN_VIEW_TEXTS.connecting : GUARDIAN_VIEW_TEXTS.reconnecting}
    </Badge>
  );
}
