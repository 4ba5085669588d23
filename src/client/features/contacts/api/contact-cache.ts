import type { QueryClient } from '@tanstack/react-query';
import type { EmergencyContact } from '#shared/schemas/profile';
import { contactKeys } from './contact-keys';

/**
 * Optimistic edits of the cached list. Each rollback undoes only its own change (not a whole-list snapshot), so
 * two saves in flight at once cannot undo each other.
 */
export function contactsMutationKey(userId: string | undefined): readonly unknown[] {
  return ['contacts-mutation', userId ?? 'anonymous'];
}

export function updateCachedContacts(
  queryClient: QueryClient,
  userId: string | undefined,
  change: (contacts: EmergencyContact[]) => EmergencyContact[],
): void {
  queryClient.setQueryData<EmergencyContact[]>(contactKeys.list(userId), (current) => change(current ?? []));
}

/** Stops a load in flight from overwriting the optimistic change with the old list. */
export async function cancelContactsLoad(
  queryClient: QueryClient,
  userId: string | undefined,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: contactKeys.list(userId) });
}

/** Reloads from the server once the last save in flight has settled (earlier ones would flash old data). */
export function reloadWhenIdle(
  queryClient: QueryClient,
  userId: string | undefined,
): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: contactsMutationKey(userId) }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: contactKeys.list(userId) });
}
