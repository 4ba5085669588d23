import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-ui-texts';

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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{GUARDIAN_PAGE_TEXTS.endConfirmTitle}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline">{COMMON_TEXTS.cancel}</Button>
          </AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm} disabled={ending}>
            {ending ? GUARDIAN_PAGE_TEXTS.ending : GUARDIAN_PAGE_TEXTS.endConfirm}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
