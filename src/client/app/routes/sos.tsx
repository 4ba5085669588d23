import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PLACEHOLDER_TEXTS, SOS_TEXTS } from '#shared/ui-texts';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { ContactCallList } from '../../features/contacts/components/contact-call-list';
import { LazyContactFormDialog } from '../../features/contacts/components/lazy-contact-form-dialog';
import { useContactDialog } from '../../features/contacts/hooks/use-contact-dialog';
import { CallEmergencyButton } from '../../features/sos/components/call-emergency-button';
import { DeliveryStatusPanel } from '../../features/sos/components/delivery-status-panel';
import { QuickMessages } from '../../features/sos/components/quick-messages';
import { SosControl } from '../../features/sos/components/sos-control';
import { SosInstructions } from '../../features/sos/components/sos-instructions';
import { lazyDialog } from '../../components/lazy-dialog';
import { useOnline } from '../../lib/device/use-online';
import { paths } from '../../lib/paths';
import { LazyRecordingControls } from '../components/lazy-recording-controls';
import { ServerStatusNotice } from '../components/server-status-notice';
import { useAppSosFlow } from '../hooks/use-app-sos-flow';

// Needed only once a quick message is tapped: it and the alert dialog it is built on stay out of the first download.
const QuickMessageConfirmDialog = lazyDialog(
  async () =>
    (await import('../../features/sos/components/quick-message-confirm-dialog')).QuickMessageConfirmDialog,
  ({ message }) => message !== null,
);

/** A recording started here belongs to no alert yet (the SOS may not have been sent). */
const SOS_RECORDING = { origin: 'sos' } as const;

/** /sos (docs/PRODUCT.md#sos-page): SOS button, Call 911, quick messages, emergency recording, contacts to call,
 * instructions. */
export function SosRoute() {
  const online = useOnline();
  const contactDialog = useContactDialog();
  const { userId, flow, contacts, retryQueued } = useAppSosFlow({ onNeedsContacts: contactDialog.openAdd });
  const canEditContacts = contacts.source !== 'offline';

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 pt-4 pb-24">
      <header className="flex items-center gap-2">
        <Button asChild variant="ghost" size="icon" aria-label={PLACEHOLDER_TEXTS.backHome}>
          <Link to={paths.home}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        </Button>
        <div className="flex flex-col">
          <h1 className="text-xl font-bold">{SOS_TEXTS.pageTitle}</h1>
          <p className="text-sm text-muted-foreground">{SOS_TEXTS.pageDescription}</p>
        </div>
      </header>
      <ServerStatusNotice />
      <section aria-label={SOS_TEXTS.pageTitle} className="flex flex-col items-center py-6">
        <SosControl flow={flow} online={online} />
      </section>
      <CallEmergencyButton />
      <DeliveryStatusPanel userId={userId} onRetryQueued={retryQueued} />
      <LazyRecordingControls userId={userId} context={SOS_RECORDING} />
      <QuickMessages onSelect={flow.requestQuickMessage} disabled={flow.phase !== 'idle'} />
      <Card aria-labelledby="sos-contacts-title" className="flex flex-col gap-3 p-5">
        <CardTitle id="sos-contacts-title">{SOS_TEXTS.contactsTitle}</CardTitle>
        <ContactCallList
          contacts={contacts.contacts}
          onAdd={canEditContacts ? contactDialog.openAdd : undefined}
        />
      </Card>
      <SosInstructions />
      <QuickMessageConfirmDialog
        message={flow.pendingQuickMessage}
        contactCount={contacts.contacts?.length}
        onConfirm={flow.confirmQuickMessage}
        onCancel={flow.cancelQuickMessage}
      />
      <LazyContactFormDialog userId={userId} controller={contactDialog} />
    </main>
  );
}
