import { CalendarClock } from 'lucide-react';
import { MEETING_DIALOG_TEXTS } from '#shared/meeting-dialog-texts';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { MeetingForm } from './meeting-form';
import { RecentMeetings } from './recent-meetings';

type WhoMeetingDialogProps = {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Who You're Meeting (docs/PRODUCT.md#who-youre-meeting), opened from the Who Meeting quick action with
 * `lazyDialog`: the form, then the Recent Meetings kept on this phone. An alert raised while a meeting is under
 * way carries it (lib/meeting-log/meeting-for-alert.ts); nothing here sends anything.
 */
export function WhoMeetingDialog({ userId, open, onOpenChange }: WhoMeetingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="fullscreen">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarClock className="size-5 text-primary-text" aria-hidden />
            {MEETING_DIALOG_TEXTS.title}
          </DialogTitle>
          <DialogDescription>{MEETING_DIALOG_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-6">
          <MeetingForm userId={userId} />
          <RecentMeetings userId={userId} />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
