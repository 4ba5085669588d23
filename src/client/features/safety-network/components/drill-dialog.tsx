import { CircleCheck, Clock, MessageSquareWarning, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { DRILL_SCREEN_TEXTS as TEXTS } from '#shared/drill-screen-texts';
import { DRILL_LABEL } from '#shared/drill-texts';
import type { DrillRecipient, SafetyNetwork } from '#shared/schemas/safety-network';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { notifyError } from '../../../lib/notify-error';
import { formatClockTime } from '../../../lib/time-format';
import { useDrill, useEndDrill, useSafetyNetwork, useStartDrill } from '../api/safety-network-api';

type DrillDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; userId: string };

/**
 * "Test my safety network" (loaded on demand): who an alert can reach now, with a warning below two people; then
 * the TEST alert, and per contact and guardian whether it went out (the delivery's real status) and whether they
 * confirmed, live from the person's own alert events; "End test" sends nobody anything.
 */
export function DrillDialog({ open, onOpenChange, userId }: DrillDialogProps) {
  const [drillId, setDrillId] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TEXTS.title}</DialogTitle>
          <DialogDescription>{TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          {drillId ? (
            <DrillProgress userId={userId} drillId={drillId} onClose={() => onOpenChange(false)} />
          ) : (
            <BeforeDrill userId={userId} onStarted={setDrillId} />
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function BeforeDrill({ userId, onStarted }: { userId: string; onStarted: (id: string) => void }) {
  const network = useSafetyNetwork(userId);
  const start = useStartDrill(userId);
  if (!network.data) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {network.isError ? TEXTS.loadFailed : TEXTS.loading}
      </p>
    );
  }
  const { drills_left: left } = network.data;
  return (
    <>
      <Reachability network={network.data} />
      <p className="text-sm text-muted-foreground">{TEXTS.drillsLeft(left)}</p>
      <Button
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (drill) => onStarted(drill.id),
            onError: (error) => notifyError(error),
          })
        }
        disabled={left === 0 || start.isPending}
      >
        {start.isPending ? TEXTS.starting : TEXTS.start}
      </Button>
    </>
  );
}

/** How many can be reached, the warning below two, and each contact whose texts keep failing. */
function Reachability({ network }: { network: Pick<SafetyNetwork, 'reachable' | 'too_few' | 'contacts'> }) {
  const failing = network.contacts.filter((contact) => contact.text_failure);
  return (
    <div className="flex flex-col gap-2">
      {network.too_few ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-warning-soft p-3 text-sm font-medium text-warning"
          role="alert"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {TEXTS.tooFew(network.reachable)}
        </p>
      ) : (
        <p className="text-sm">{TEXTS.reachable(network.reachable)}</p>
      )}
      {failing.map((contact) => (
        <p key={contact.id} className="flex items-start gap-2 text-sm text-primary-text">
          <MessageSquareWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          {TEXTS.failingContact(contact.name, contact.text_failure?.reason ?? '')}
        </p>
      ))}
    </div>
  );
}

function DrillProgress({
  userId,
  drillId,
  onClose,
}: {
  userId: string;
  drillId: string;
  onClose: () => void;
}) {
  const drill = useDrill(userId, drillId);
  const network = useSafetyNetwork(userId);
  const end = useEndDrill(userId);
  if (!drill.data) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {drill.isError ? TEXTS.loadFailed : TEXTS.loading}
      </p>
    );
  }
  const { data } = drill;
  const ended = data.ended_at !== null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="info">{DRILL_LABEL}</Badge>
        <span className="font-semibold" role="status">
          {ended ? TEXTS.ended : TEXTS.running}
        </span>
        {ended ? null : (
          <span className="text-sm text-muted-foreground">{TEXTS.endsAt(formatClockTime(data.ends_at))}</span>
        )}
      </div>
      <Reachability
        network={{ reachable: data.reachable, too_few: data.too_few, contacts: network.data?.contacts ?? [] }}
      />
      {data.recipients.length === 0 ? (
        <p className="text-sm text-muted-foreground">{TEXTS.noRecipients}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={TEXTS.title}>
          {data.recipients.map((recipient, index) => (
            <RecipientRow key={`${recipient.kind}-${index}`} recipient={recipient} />
          ))}
        </ul>
      )}
      {ended ? (
        <Button variant="outline" onClick={onClose}>
          {TEXTS.close}
        </Button>
      ) : (
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            onClick={() => end.mutate(drillId, { onError: (error) => notifyError(error) })}
            disabled={end.isPending}
          >
            {end.isPending ? TEXTS.ending : TEXTS.end}
          </Button>
          <p className="text-sm text-muted-foreground">{TEXTS.endNote}</p>
        </div>
      )}
    </>
  );
}

function RecipientRow({ recipient }: { recipient: DrillRecipient }) {
  const answered = recipient.response !== null;
  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-3" data-testid="drill-recipient">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-semibold">{recipient.name}</span>
          <Badge tone="neutral">{recipient.kind === 'contact' ? TEXTS.contact : TEXTS.guardian}</Badge>
        </div>
        <span className="text-sm text-muted-foreground">
          {recipient.channel === null ? TEXTS.noPush : TEXTS.status(recipient.status, recipient.last_error)}
        </span>
      </div>
      {answered ? (
        <Badge tone="success" className="gap-1">
          <CircleCheck className="size-3.5" aria-hidden />
          {TEXTS.answered}
        </Badge>
      ) : (
        <Badge tone="neutral" className="gap-1">
          <Clock className="size-3.5" aria-hidden />
          {TEXTS.notAnswered}
        </Badge>
      )}
    </li>
  );
}
