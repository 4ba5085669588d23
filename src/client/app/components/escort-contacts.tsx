import { useQuery } from '@tanstack/react-query';
import { ESCORT } from '#shared/constants';
import { ContactListResponseSchema } from '#shared/schemas/contact-api';
import { contactKeys } from '../../features/contacts/api/contact-keys';
import { ContactCallList } from '../../features/contacts/components/contact-call-list';
import { apiRequest } from '../../lib/api-client';

/**
 * The person's emergency contacts for the escort screens. Same query key and request as the contacts feature's
 * query (features/contacts/api/get-contacts.ts), which this lazily loaded screen does not import: importing it
 * here moved first-download modules into extra chunks and grew the first download by 2 KiB (README, "Bundle
 * budget").
 */
export function useEscortContacts(userId: string) {
  return useQuery({
    queryKey: contactKeys.list(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/contacts', { schema: ContactListResponseSchema, signal })).contacts,
  });
}

/** The escort screens list only the first ESCORT.contactsShown emergency contacts, each with a call button. */
export function EscortContacts({ userId }: { userId: string }) {
  const contacts = useEscortContacts(userId).data;
  return <ContactCallList contacts={contacts?.slice(0, ESCORT.contactsShown)} />;
}
