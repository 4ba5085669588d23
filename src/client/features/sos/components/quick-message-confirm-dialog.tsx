import { SOS_TEXTS } from '#shared/ui-texts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type QuickMessageConfirmDialogProps = {
  message: string | null;
  contactCount: number | undefined;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * "Send this message?" — a quick message texts real people, so it is never sent by a stray tap. Its own module:
 * /sos loads it (and the alert dialog it is built on) when a quick message is first tapped (routes/sos.tsx).
 */
export function QuickMessageConfirmDialog({
  message,
  contactCount,
  onConfirm,
  onCancel,
}: QuickMessageConfirmDialogProps) {
  return (
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={SOS_TEXTS.quickMessageConfirmTitle}
      description={SOS_TEXTS.quickMessageConfirmDescription(contactCount)}
      cancelLabel={SOS_TEXTS.quickMessageCancel}
      confirmLabel={SOS_TEXTS.sendMessage}
      onConfirm={onConfirm}
    >
      <blockquote className="rounded-lg border-l-4 border-red-600 bg-muted p-3 font-medium">
        {message}
      </blockquote>
    </ConfirmDialog>
  );
}
