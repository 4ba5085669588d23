import { MessageSquare } from 'lucide-react';
import { MESSAGING_APP_TEXTS } from '#shared/sos-fallback-texts';
import { Button } from '../../../components/ui/button';

/** Opens the phone's messaging app with the contacts the server did not reach and the SOS text filled in. */
export function TextContactsButton({ composerUrl }: { composerUrl: string }) {
  return (
    <Button asChild variant="secondary" className="w-full">
      <a href={composerUrl}>
        <MessageSquare aria-hidden />
        {MESSAGING_APP_TEXTS.textContacts}
      </a>
    </Button>
  );
}
