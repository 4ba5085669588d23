import { CHECK_IN_TEXTS } from '#shared/checkin-texts';
import { CheckInPanel } from '../../features/checkin/components/check-in-panel';
import { useContacts } from '../../features/contacts/api/get-contacts';
import { ContactCallList } from '../../features/contacts/components/contact-call-list';
import { LazyContactFormDialog } from '../../features/contacts/components/lazy-contact-form-dialog';
import { useContactDialog } from '../../features/contacts/hooks/use-contact-dialog';
import { useActiveCheckIn, useCheckInActions } from '../../features/journeys/hooks/use-check-in';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useTrackedLocation } from '../../features/tracking/hooks/use-tracked-location';
import { paths } from '../../lib/paths';
import { SubPageHeader } from '../components/sub-page-header';
import { useRequiredSession } from '../hooks/use-required-session';

/**
 * /checkin, Safety Check-In (docs/PRODUCT.md#safety-check-in): the server's check-in, the device's tracked
 * position, and the contacts who are alerted when one is missed (added here too, without leaving the page).
 */
export function CheckInRoute() {
  const userId = useRequiredSession().user.id;
  const checkIn = useActiveCheckIn(userId);
  const actions = useCheckInActions(userId);
  const contacts = useContacts(userId);
  const contactDialog = useContactDialog();
  const location = useTrackedLocation();
  const canEditContacts = contacts.source !== 'offline';
  return (
    <>
      <SubPageHeader
        title={CHECK_IN_TEXTS.title}
        backTo={paths.home}
        backLabel={CHECK_IN_TEXTS.back}
        actions={<ThemeToggle />}
      />
      <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 pt-4 pb-24">
        <p className="text-sm text-muted-foreground">{CHECK_IN_TEXTS.description}</p>
        <CheckInPanel
          checkIn={checkIn.data}
          location={location.latest}
          locationError={location.error}
          actions={actions}
          onAddContacts={contactDialog.openAdd}
          contacts={
            <ContactCallList
              contacts={contacts.contacts}
              onAdd={canEditContacts ? contactDialog.openAdd : undefined}
            />
          }
        />
        <LazyContactFormDialog userId={userId} controller={contactDialog} />
      </main>
    </>
  );
}
