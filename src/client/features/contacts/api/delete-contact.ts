import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { CONTACT_UNDO_TEXTS } from '#shared/contact-undo-texts';
import type { EmergencyContact } from '#shared/schemas/profile';
import { TOASTS } from '#shared/texts';
import { notifyError } from '../../../lib/notify-error';
import { apiRequest, noContent } from '../../../lib/api-client';
import {
  cancelContactsLoad,
  contactsMutationKey,
  reloadWhenIdle,
  updateCachedContacts,
} from './contact-cache';
import { contactKeys } from './contact-keys';
import { createContact } from './create-contact';
import { OPTIMISTIC_ID_PREFIX } from './get-contacts';

export function deleteContact(id: string): Promise<void> {
  return apiRequest(`/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noContent });
}

/** How long the "Contact deleted" toast, and so its Undo, stays: longer than a plain toast, to reach Undo. */
const UNDO_TOAST_MS = 8000;

/**
 * Deletes optimistically; a failure silently puts the contact back where it was
 * (docs/PRODUCT.md#emergency-contacts). The server deletes at once, so what the person sees is what an SOS
 * texts; the toast's Undo saves the same contact again (docs/decisions/020-contact-undo.md).
 */
export function useDeleteContact(userId: string | undefined) {
  const queryClient = useQueryClient();
  const restore = useRestoreContact(userId);
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
    onSuccess: (_result, _id, context) => {
      const removed = context.removed;
      toast.success(TOASTS.contactDeletedTitle, {
        description: TOASTS.contactDeleted,
        duration: UNDO_TOAST_MS,
        action: removed
          ? { label: CONTACT_UNDO_TEXTS.undo, onClick: () => restore.mutate(removed) }
          : undefined,
      });
    },
    onSettled: () => reloadWhenIdle(queryClient, userId),
  });
}

let restoreCounter = 0;

/**
 * Undo of a delete: saves the contact again with the same name, phone and relationship (a new id; the server
 * lists it last, as it keeps contacts in the order they were added). Shown at once; a refusal (e.g. the daily
 * cap of new numbers) removes it again and says why.
 */
function useRestoreContact(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contactsMutationKey(userId),
    mutationFn: (contact: EmergencyContact) =>
      createContact({ name: contact.name, phone: contact.phone, relationship: contact.relationship }),
    onMutate: async (contact) => {
      await cancelContactsLoad(queryClient, userId);
      restoreCounter += 1;
      const optimistic = { ...contact, id: `${OPTIMISTIC_ID_PREFIX}restore-${restoreCounter}` };
      updateCachedContacts(queryClient, userId, (contacts) => [...contacts, optimistic]);
      return { optimisticId: optimistic.id };
    },
    onError: (error, _contact, context) => {
      if (context) {
        updateCachedContacts(queryClient, userId, (contacts) =>
          contacts.filter((contact) => contact.id !== context.optimisticId),
        );
      }
      notifyError(error, {
        fallback: CONTACT_UNDO_TEXTS.restoreFailed,
        serverMessageFor: ['validation_failed', 'too_many_contacts', 'rate_limited'],
      });
    },
    onSuccess: (saved, contact, context) => {
      updateCachedContacts(queryClient, userId, (contacts) =>
        contacts.map((item) => (item.id === context.optimisticId ? saved : item)),
      );
      toast.success(CONTACT_UNDO_TEXTS.restoredTitle, {
        description: CONTACT_UNDO_TEXTS.restored(contact.name),
      });
    },
    onSettled: () => reloadWhenIdle(queryClient, userId),
  });
}
