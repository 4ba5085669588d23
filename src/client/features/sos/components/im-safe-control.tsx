import { CircleCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ACTIVE_ALERT_TEXTS } from '#shared/active-alert-texts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { lazyDialog } from '../../../components/lazy-dialog';
import { pinAsked, pinRefusal } from '../../../lib/pin-asked';
import { useResolveAlert } from '../api/resolve-alert';

const PinPromptDialog = lazyDialog(
  () => import('../../../components/pin-prompt-dialog').then((module) => module.PinPromptDialog),
  (props) => props.open,
);

/**
 * "I'm safe", the one way the phone ends an alert (docs/PRODUCT.md#an-alert-has-a-beginning-and-an-end). It is the
 * largest button on the screen, cannot be undone and tells everyone the alert reached to stop looking, so it asks
 * once first, as the countdown guards the other direction; the question's safe answer, keeping the alert on, has
 * the focus. Part of the active-alert screen's chunk, so the dialog is not in the first download.
 */
export function ImSafeControl({ userId, alertId }: { userId: string; alertId: string }) {
  const resolve = useResolveAlert(userId);
  const [asking, setAsking] = useState(false);
  // The safety PIN, when the person set one: the server asks for it (400 naming `pin`), and answers the safety
  // PIN and the duress PIN alike, so this screen ends the alert the same way for both.
  const [askingPin, setAskingPin] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const end = (pin?: string): void => {
    resolve.mutate(
      { alertId, ...(pin === undefined ? {} : { pin }) },
      {
        onSuccess: () => {
          setAskingPin(false);
          toast.success(ACTIVE_ALERT_TEXTS.ended, { description: ACTIVE_ALERT_TEXTS.endedDescription });
        },
        onError: (error) => {
          if (pin === undefined && pinAsked(error)) setAskingPin(true);
        },
        // On success the screen closes with the alert; on failure the screen says so under the button.
        onSettled: () => setAsking(false),
      },
    );
  };
  const pinError = askingPin && !resolve.isPending ? pinRefusal(resolve.error) : null;

  return (
    <div className="flex flex-col gap-2">
      <button
        ref={button}
        type="button"
        onClick={() => setAsking(true)}
        disabled={resolve.isPending}
        className={cn(
          'flex h-20 w-full items-center justify-center gap-3 rounded-2xl bg-green-700 text-2xl font-bold text-white shadow-md transition-colors hover:bg-green-800 active:bg-green-900 disabled:opacity-60',
          focusRing,
        )}
      >
        <CircleCheck className="size-8" aria-hidden />
        {resolve.isPending ? ACTIVE_ALERT_TEXTS.ending : ACTIVE_ALERT_TEXTS.imSafe}
      </button>
      <p className="text-center text-sm text-muted-foreground">{ACTIVE_ALERT_TEXTS.imSafeHint}</p>
      {resolve.isError && !askingPin && !pinAsked(resolve.error) ? (
        <p role="alert" className="text-center text-sm font-medium text-primary-text">
          {ACTIVE_ALERT_TEXTS.endFailed}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          if (!resolve.isPending) setAsking(open);
        }}
        title={ACTIVE_ALERT_TEXTS.confirmTitle}
        description={ACTIVE_ALERT_TEXTS.confirmDescription}
        cancelLabel={ACTIVE_ALERT_TEXTS.confirmKeep}
        confirmLabel={ACTIVE_ALERT_TEXTS.confirmEnd}
        onConfirm={() => end()}
        pending={resolve.isPending}
        pendingLabel={ACTIVE_ALERT_TEXTS.ending}
        returnFocusTo={button}
      />
      <PinPromptDialog
        open={askingPin}
        onOpenChange={(open) => {
          if (!resolve.isPending) setAskingPin(open);
        }}
        onPin={(pin) => end(pin)}
        pending={resolve.isPending}
        error={pinError && pinAsked(resolve.error) ? null : pinError}
      />
    </div>
  );
}
