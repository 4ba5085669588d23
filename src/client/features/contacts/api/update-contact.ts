import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import {
  EmergencyContactSchema,
  type EmergencyContact,
  type EmergencyContactPatch,
} from '#shared/schemas/profile';
import { TOASTS } from '#shared/texts';
import { apiRequest } from '../../../lib/api-client';
import {
  cancelContactsLoad,
  contactsMutationKey,
  reloadWhenIdle,
  updateCachedContacts,
} from './contact-cache';
import { notifyError } from '../../../lib/notify-error';
import { contactKeys } from './contact-keys';

export type UpdateContactVariables = { id: string; patch: EmergencyContactPatch };

export function updateContact({ id, patch }: UpdateContactVariables): Promise<EmergencyContact> {
  return apiRequest(`/api/contacts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    schema: EmergencyContactSchema,
  });
}

/** Edits a contact optimistically; a failure puts the old values back and says 'Error'. */
export function useUpdateContact(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contactsMutationKey(userId),
    mutationFn: updateContact,
    onMutate: async ({ id, patch }) => {
      await cancelContactsLoad(queryClient, userId);
      const previous = queryClient
        .getQueryData<EmergencyContact[]>(contactKeys.list(userId))
        ?.find((contact) => contact.id === id);
      updateCachedContacts(queryClient, userId, (contacts) =>
        contacts.map((contact) => (contact.id === id ? { ...contact, ...trimmed(patch) } : contact)),
      );
      return { previous };
    },
    onError: (error, { id }, context) => {
      const previous = context?.previous;
      if (previous) {
        updateCachedContacts(queryClient, userId, (contacts) =>
          contacts.map((contact) => (contact.id === id ? previous : contact)),
        );
      }
      // A refusal the person can act on (e.g. too many contacts) says why; anything else says 'try again'.
      notifyError(error, { fallback: TOASTS.contactSaveFailed, serverMessageFor: ['validation_failed'] });
    },
    onSuccess: (saved) => {
      updateCachedContacts(queryClient, userId, (contacts) =>
        contacts.map((contact) => (contact.id === saved.id ? saved : contact)),
      );
      toast.success(TOASTS.contactUpdatedTitle, { description: TOASTS.contactUpdated });
    },
    onSettled: () => reloadWhenIdle(queryClient, userId),
  });
}

function trimmed(patch: EmergencyContactPatch): Partial<EmergencyContact> {
  const result: Partial<EmergencyContact> = {};
  if (patch.name !== undefined) result.name = patch.name.trim();
  if (patch.phone !== undefined) result.phone = patch.phone.trim();
  if (patch.relationship !== undefined) result.relationship = patch.relationship.trim();
  return result;
}
