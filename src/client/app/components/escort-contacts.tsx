import { ESCORT } from '#shared/constants';
import { ContactCallList } from '../../features/contacts/components/contact-call-list';
import { useContacts } from '../../features/contacts/api/get-contacts';

/** The escort screens list only the first ESCORT.contactsShown emergency contacts, each with a call button. */
export function EscortContacts({ userId }: { userId: string }) {
  const { contacts } = useContacts(userId);
  return <ContactCallList contacts={contacts?.slice(0, ESCORT.contactsShown)} />;
}
