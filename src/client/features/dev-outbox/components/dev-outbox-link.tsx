import { MessageSquareText } from 'lucide-react';
import { DEV_OUTBOX_TEXTS } from '#shared/dev-outbox-texts';
import { ListRowButton } from '../../../components/ui/list-row';
import { useSmsOutbox } from '../api/get-sms-outbox';

/** Settings > About: 'Sent texts (dev outbox)', shown only while the dev outbox exists (no real SMS provider). */
export function DevOutboxLink({ onOpen }: { onOpen: () => void }) {
  const outbox = useSmsOutbox();
  if (!outbox.isSuccess) return null;
  return (
    <ListRowButton icon={<MessageSquareText aria-hidden />} title={DEV_OUTBOX_TEXTS.link} onClick={onOpen} />
  );
}
