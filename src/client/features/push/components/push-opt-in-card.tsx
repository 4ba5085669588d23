import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { PUSH_OPT_IN_TEXTS } from '#shared/push-opt-in-texts';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { usePushOptIn } from '../hooks/use-push-opt-in';

/** The guardian's Web Push opt-in for their wards' alerts. */
export function PushOptInCard() {
  const labelId = useId();
  const descriptionId = useId();
  const { state, busy, setEnabled } = usePushOptIn();
  const note =
    state === 'unsupported'
      ? PUSH_OPT_IN_TEXTS.unsupported
      : state === 'denied'
        ? PUSH_OPT_IN_TEXTS.denied
        : null;
  return (
    <Card className="flex flex-col gap-2 p-5">
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-text">
          <BellRing className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <span id={labelId} className="font-medium">
            {PUSH_OPT_IN_TEXTS.label}
          </span>
          <span id={descriptionId} className="text-sm text-muted-foreground">
            {PUSH_OPT_IN_TEXTS.description}
          </span>
        </div>
        <Switch
          checked={state === 'on'}
          disabled={busy || state === 'checking' || state === 'unsupported'}
          onCheckedChange={setEnabled}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
        />
      </div>
      {note ? <p className="text-sm text-warning">{note}</p> : null}
    </Card>
  );
}
