import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';

type EndLinkDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What ending means, from the person's side. */
  description: string;
  ending: boolean;
  onConfirm: () => void;
};

/** Ending a link stops someone watching over (or being watched by) the person: it asks first. */
export function EndLinkDialog({ open, onOpenChange, description, ending, onConfirm }: EndLinkDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={GUARDIAN_PAGE_TEXTS.endConfirmTitle}
      description={description}
      cancelLabel={COMMON_TEXTS.cancel}
      confirmLabel={GUARDIAN_PAGE_TEXTS.endConfirm}
      pendingLabel={GUARDIAN_PAGE_TEXTS.ending}
      pending={ending}
      destructive
      onConfirm={onConfirm}
    />
  );
}
