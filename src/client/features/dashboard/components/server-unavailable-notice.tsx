import { ServerCrash } from 'lucide-react';
import { DASHBOARD_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';

/**
 * The server fails its health check while someone is signed in: said above the screen, which stays usable, SOS
 * included (docs/PRODUCT.md#dashboard).
 */
export function ServerUnavailableNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section
      role="status"
      aria-labelledby="server-unavailable-title"
      className="flex items-start gap-3 rounded-xl bg-warning-soft p-3 text-warning"
    >
      <ServerCrash className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="server-unavailable-title" className="text-sm font-semibold">
          {DASHBOARD_TEXTS.serverUnavailableTitle}
        </h2>
        <p className="text-sm">{DASHBOARD_TEXTS.serverUnavailableMessage}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} className="shrink-0">
        {DASHBOARD_TEXTS.retry}
      </Button>
    </section>
  );
}
