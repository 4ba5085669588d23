import { Phone } from 'lucide-react';
import { FAKE_CALL_TEXTS } from '#shared/fake-call-texts';
import { Button } from '../../../components/ui/button';
import type { WakeLockState } from '../../../lib/device/wake-lock';
import { useNow } from '../../../lib/use-now';
import { endFakeCall } from '../stores/fake-call-store';
import { formatCallTime } from '../utils/format-call-time';

/**
 * The discreet line while a call waits to ring: "Call in 0:42" and Cancel, low on the screen above the bottom tabs,
 * with nothing that says "fake" to whoever glances at the phone. When the screen could not be kept awake, it asks
 * the person to keep it on.
 */
export function ScheduledCallIndicator({ ringAt, wakeLock }: { ringAt: number; wakeLock: WakeLockState }) {
  const now = useNow(1000);
  const remaining = Math.ceil(Math.max(0, ringAt - now) / 1000) * 1000;
  return (
    <div
      data-testid="scheduled-call"
      className="fixed right-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 flex max-w-[calc(100%-1.5rem)] items-center gap-2 rounded-full border bg-card py-1 pr-1 pl-3 text-sm text-card-foreground shadow-lg md:bottom-4"
    >
      <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="flex flex-col leading-tight">
        <span className="tabular-nums">{FAKE_CALL_TEXTS.callIn(formatCallTime(remaining))}</span>
        {wakeLock === 'unsupported' || wakeLock === 'lost' ? (
          <span className="text-xs text-muted-foreground">{FAKE_CALL_TEXTS.screenMayTurnOff}</span>
        ) : null}
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="rounded-full"
        aria-label={FAKE_CALL_TEXTS.cancelLabel}
        onClick={endFakeCall}
      >
        {FAKE_CALL_TEXTS.cancel}
      </Button>
    </div>
  );
}
