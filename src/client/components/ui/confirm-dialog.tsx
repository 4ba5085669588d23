import type { FormEvent, ReactNode, RefObject } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Between the description and the buttons: the message about to be sent, a typed confirmation, … */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** While the action runs: the confirm button shows `pendingLabel` and both buttons wait. */
  pending?: boolean;
  pendingLabel?: string;
  /** The confirm button waits for something in `children` (e.g. DELETE typed). */
  confirmDisabled?: boolean;
  destructive?: boolean;
  /**
   * Where keyboard focus goes when the dialog closes and nothing else took it (the button that opened it): Radix
   * returns focus only to a Dialog trigger, and without one it would fall to the page.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * "Are you sure?" before an action that reaches other people or cannot be undone. An alert dialog, so an outside
 * click does not dismiss it; its buttons sit in a form, so Enter in a field of `children` confirms.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  onConfirm,
  pending = false,
  pendingLabel,
  confirmDisabled = false,
  destructive = false,
  returnFocusTo,
}: ConfirmDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!confirmDisabled && !pending) onConfirm();
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4">
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialogCancel>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : undefined}
              disabled={confirmDisabled || pending}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
