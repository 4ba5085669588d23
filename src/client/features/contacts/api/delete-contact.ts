import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { EmergencyContact } from '#shared/schemas/profile';
import { TOASTS } from '#shared/texts';
import { apiRequest, noContent } from '../../../lib/api-client';
import {
  cancelContactsLoad,
  contactsMutationKey,
  reloadWhenIdle,
  updateCachedContacts,
} from './contact-cache';
import { contactKeys } from './contact-keys';

export function deleteContact(id: string): Promise<void> {
  return apiRequest(`/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noContent });
}

/**
 * Deletes optimistically; a failure silently puts the contact back where it was
 * (docs/PRODUCT.md#emergency-contacts).
 */
export function useDeleteContact(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contactsMutationKey(userId),
    mutationFn: deleteContact,
    onMutate: async (id) => {
      await cancelContactsLoad(queryClient, userId);
      const list = queryClient.getQueryData<EmergencyContact[]>(contactKeys.list(userId)) ?? [];
      const index = list.findIndex((contact) => contact.id === id);
      updateCachedContacts(queryClient, userId, (contacts) =>
        contacts.filter((contact) => contact.id !== id),
      );
      return { removed: index >= 0 ? list[index] : undefined, index };
    },
    onError: (_error, _id, context) => {
      const removed = context?.removed;
      if (!removed) return;
      updateCachedContacts(queryClient, userId, (contacts) => {
        if (contacts.some((contact) => contact.id === removed.id)) return contacts;
        const next = [...contacts];
        next.splice(Math.min(context.index, next.length), 0, removed);
        return next;
      });
    },
    onSuccess: () => {
      toast.success(TOASTS.contactDeletedTitle, { description: TOASTS.contactDeleted });
    },
    onSettled: () => reloadWhenIdle(queryClient, userId),
  });
}
