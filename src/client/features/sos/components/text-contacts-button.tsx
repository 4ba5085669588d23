import { MessageSquare } from 'lucide-react';
import { OFFLINE_SMS_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';

/** Opens the phone's messaging app with the contacts the server did not reach and the SOS text filled in. */
export function TextContactsButton({ composerUrl }: { composerUrl: string }) {
  return (
    <Button asChild variant="secondary" className="w-full">
      <a href={composerUrl}>
        <MessageSquare aria-hidden />
        {OFFLINE_SMS_TEXTS.textContacts}
      </a>
    </Button>
  );
}
