import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StartEscortRequest } from '#shared/schemas/journey';
import { contactKeys } from '../../features/contacts/api/contact-keys';
import { LazyContactFormDialog } from '../../features/contacts/components/lazy-contact-form-dialog';
import { useContactDialog } from '../../features/contacts/hooks/use-contact-dialog';
import { guardianKeys } from '../../features/guardians/api/guardian-keys';
import { relationshipsQueryOptions } from '../../features/guardians/api/get-relationships';
import { EscortSetupForm } from '../../features/journeys/components/escort-setup-form';
import { useEscortContacts } from './escort-contacts';

/**
 * Whether the person has nobody an escort's deadline could tell: no emergency contact and no active guardian (the
 * rule POST /api/escort-sessions applies; the deadline's alert reaches guardians alone). False while either list
 * is unknown: then the server decides, and `recheck` re-reads both lists after it refused.
 */
export function useNobodyToTell(userId: string): { nobodyToTell: boolean; recheck: () => void } {
  const queryClient = useQueryClient();
  const contacts = useEscortContacts(userId).data;
  const relationships = useQuery(relationshipsQueryOptions(userId)).data;
  const guarded = relationships?.some((link) => link.role === 'ward' && link.status === 'active');
  return {
    nobodyToTell: contacts !== undefined && relationships !== undefined && contacts.length === 0 && !guarded,
    recheck: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.list(userId) });
      void queryClient.invalidateQueries({ queryKey: guardianKeys.relationships(userId) });
    },
  };
}

/**
 * The setup of the Escort Mode dialog and the /map page, one rule for both: a start needs a GPS fix and someone
 * to tell; without anyone, the form says so and a contact can be added right here.
 */
export function EscortSetup({
  userId,
  nobodyToTell,
  hasLocation,
  onStart,
  starting,
}: {
  userId: string;
  nobodyToTell: boolean;
  hasLocation: boolean;
  onStart: (request: StartEscortRequest) => void;
  starting: boolean;
}) {
  const contactDialog = useContactDialog();
  return (
    <>
      <EscortSetupForm
        onStart={onStart}
        starting={starting}
        hasLocation={hasLocation}
        nobodyToTell={nobodyToTell}
        onAddContacts={contactDialog.openAdd}
      />
      <LazyContactFormDialog userId={userId} controller={contactDialog} />
    </>
  );
}
