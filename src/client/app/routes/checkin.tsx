import { lazy, Suspense } from 'react';
import { useContacts } from '../../features/contacts/api/get-contacts';
import { ContactCallList } from '../../features/contacts/components/contact-call-list';
import { LazyContactFormDialog } from '../../features/contacts/components/lazy-contact-form-dialog';
import { useContactDialog } from '../../features/contacts/hooks/use-contact-dialog';
import { useRequiredSession } from '../hooks/use-required-session';

// The screen loads on demand. Its contacts are read here, with the code /sos already has in the first download: a
// lazily loaded chunk that imported them would make the bundler split the first download into more, worse
// compressed chunks (README, "Bundle budget").
const CheckInPage = lazy(async () => ({ default: (await import('./checkin-page')).CheckInPage }));

/** /checkin, Safety Check-In (docs/PRODUCT.md#safety-check-in); contacts are added here without leaving the page. */
export function CheckInRoute() {
  const userId = useRequiredSession().user.id;
  const contacts = useContacts(userId);
  const contactDialog = useContactDialog();
  return (
    <Suspense fallback={null}>
      <CheckInPage
        userId={userId}
        onAddContacts={contactDialog.openAdd}
        contacts={
          <ContactCallList
            contacts={contacts.contacts}
            onAdd={contacts.source === 'offline' ? undefined : contactDialog.openAdd}
          />
        }
      />
      <LazyContactFormDialog userId={userId} controller={contactDialog} />
    </Suspense>
  );
}
