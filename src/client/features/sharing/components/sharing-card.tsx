import { Eye, OctagonX } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { SharingView } from '#shared/schemas/sharing';
import { SHARING_TEXTS as T } from '#shared/sharing-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatAgo } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { useSharingViews, useStopSharing } from '../api/sharing-api';

const AGO_TICK_MS = 30_000;

/**
 * Who has looked at what the person shares (read when they open the list) and Stop all sharing, with a confirm
 * (docs/PRODUCT.md#who-has-looked-and-stop-all-sharing). `onStopped` lets the screen refresh its link list.
 */
export function SharingCard({ userId, onStopped }: { userId: string; onStopped: () => void }) {
  const titleId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const stopButton = useRef<HTMLButtonElement>(null);
  const views = useSharingViews(userId, open);
  const stop = useStopSharing(onStopped);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button
          variant="outline"
          className="self-start"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((was) => !was)}
        >
          <Eye aria-hidden />
          {open ? T.hide : T.show}
        </Button>
        <div id={listId} hidden={!open}>
          {open ? <ViewList query={views} /> : null}
        </div>
        <div className="flex flex-col gap-2 border-t pt-4">
          <h3 className="text-sm font-semibold">{T.stopTitle}</h3>
          <p className="text-sm text-muted-foreground">{T.stopDescription}</p>
          <Button
            ref={stopButton}
            variant="destructive"
            className="self-start"
            onClick={() => setConfirming(true)}
          >
            <OctagonX aria-hidden />
            {T.stopButton}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.confirmTitle}
        description={T.confirmDescription}
        cancelLabel={T.cancel}
        confirmLabel={T.confirm}
        pending={stop.isPending}
        pendingLabel={T.stopping}
        destructive
        returnFocusTo={stopButton}
        onConfirm={() => stop.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}

function ViewList({ query }: { query: ReturnType<typeof useSharingViews> }) {
  const now = useNow(AGO_TICK_MS);
  if (query.isPending) return <p className="text-sm text-muted-foreground">{T.loading}</p>;
  if (query.isError) return <p className="text-sm text-destructive">{T.loadFailed}</p>;
  if (query.data.length === 0) return <p className="text-sm text-muted-foreground">{T.none}</p>;
  return (
    <ul aria-label={T.title} className="flex flex-col gap-2">
      {query.data.map((view) => (
        <li key={view.id} className="rounded-xl border p-3 text-sm">
          <p className="font-medium">{headline(view)}</p>
          <p className="text-muted-foreground">
            {[T.device(view.device), T.network(view.network), T.views(view.views)].join(' · ')}
            {' · '}
            <time dateTime={view.last_seen_at}>{formatAgo(view.last_seen_at, now)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** "Tracking page", or who it was when the person knows them (a guardian, the contact an SOS texted). */
function headline(view: SharingView): string {
  if (view.via === 'guardian') return T.named(view.viewer_name ?? '', 'guardian', view.kind);
  if (view.via === 'responder_link') return T.named(view.viewer_name ?? '', 'contact', view.kind);
  return T.what(view.kind);
}
