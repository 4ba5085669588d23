import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ContactListResponseSchema } from '#shared/schemas/contact-api';
import type { EmergencyContact } from '#shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { useOnline } from '../../../lib/device/use-online';
import { readOfflineEmergencyData, saveOfflineContacts } from '../../../lib/offline-emergency-data';
import { contactKeys } from './contact-keys';

export async function getContacts(signal?: AbortSignal): Promise<EmergencyContact[]> {
  const { contacts } = await apiRequest('/api/contacts', { schema: ContactListResponseSchema, signal });
  return contacts;
}

export function contactsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: contactKeys.list(userId),
    queryFn: ({ signal }) => getContacts(signal),
    enabled: Boolean(userId),
  });
}

/** An entry the server has not accepted yet (an add in flight) carries this id prefix. */
export const OPTIMISTIC_ID_PREFIX = 'optimistic-';

export function isOptimistic(contact: EmergencyContact): boolean {
  return contact.id.startsWith(OPTIMISTIC_ID_PREFIX);
}

export type ContactsView = {
  /** undefined while the first load runs and there is no offline copy to show. */
  contacts: EmergencyContact[] | undefined;
  /** 'offline' when the server could not be reached and the copy saved on this device is shown. */
  source: 'server' | 'offline' | 'none';
  isPending: boolean;
  isError: boolean;
  retry: () => void;
};

/**
 * The person's contacts. Every successful load and every change refreshes the offline copy; when the server
 * cannot be reached the offline copy is shown instead, so the SOS page still lists (and can text) them.
 */
export function useContacts(userId: string | undefined): ContactsView {
  const query = useQuery(contactsQueryOptions(userId));
  const online = useOnline();
  const { data, isError, isPending, refetch } = query;

  useEffect(() => {
    if (!userId || !data) return;
    saveOfflineContacts(
      userId,
      data.filter((contact) => !isOptimistic(contact)),
    );
  }, [userId, data]);

  // Offline, TanStack Query pauses the request instead of failing it, so the network status decides too.
  const unreachable = isError || !online;
  const offline = useMemo(
    () => (userId && !data && unreachable ? (readOfflineEmergencyData(userId)?.contacts ?? null) : null),
    [userId, data, unreachable],
  );

  if (data)
    return { contacts: data, source: 'server', isPending: false, isError, retry: () => void refetch() };
  if (offline)
    return { contacts: offline, source: 'offline', isPending: false, isError, retry: () => void refetch() };
  return { contacts: undefined, source: 'none', isPending, isError, retry: () => void refetch() };
}
