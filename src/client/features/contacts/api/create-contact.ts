import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import {
  EmergencyContactSchema,
  type EmergencyContact,
  type EmergencyContactInput,
} from '#shared/schemas/profile';
import { TOASTS } from '#shared/texts';
import { apiRequest } from '../../../lib/api-client';
import {
  cancelContactsLoad,
  contactsMutationKey,
  reloadWhenIdle,
  updateCachedContacts,
} from './contact-cache';
import { OPTIMISTIC_ID_PREFIX } from './get-contacts';
import { notifyError } from '../../../lib/notify-error';

export function createContact(input: EmergencyContactInput): Promise<EmergencyContact> {
  return apiRequest('/api/contacts', { method: 'POST', body: input, schema: EmergencyContactSchema });
}

let optimisticCounter = 0;

/**
 * Adds a contact optimistically: the list shows it at once; a failure removes it again and says
 * 'Error' / 'Failed to save contact. Please try again.'. The caller keeps its dialog open on failure.
 * See docs/PRODUCT.md#emergency-contacts.
 */
export function useCreateContact(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contactsMutationKey(userId),
    mutationFn: createContact,
    onMutate: async (input) => {
      await cancelContactsLoad(queryClient, userId);
      optimisticCounter += 1;
      const optimistic: EmergencyContact = {
        id: `${OPTIMISTIC_ID_PREFIX}${optimisticCounter}`,
        name: input.name.trim(),
        phone: input.phone.trim(),
        relationship: input.relationship?.trim() || 'Emergency Contact',
      };
      updateCachedContacts(queryClient, userId, (contacts) => [...contacts, optimistic]);
      return { optimisticId: optimistic.id };
    },
    onError: (error, _input, context) => {
      if (context) {
        updateCachedContacts(queryClient, userId, (contacts) =>
          contacts.filter((contact) => contact.id !== context.optimisticId),
        );
      }
      // A refusal the person can act on (e.g. too many contacts) says why; anything else says 'try again'.
      notifyError(error, { fallback: TOASTS.contactSaveFailed, serverMessageFor: ['validation_failed'] });
    },
    onSuccess: (saved, _input, context) => {
      updateCachedContacts(queryClient, userId, (contacts) =>
        contacts.map((contact) => (contact.id === context.optimisticId ? saved : contact)),
      );
      toast.success(TOASTS.contactAddedTitle, { description: TOASTS.contactAdded });
    },
    onSettled: () => reloadWhenIdle(queryClient, userId),
  });
}
