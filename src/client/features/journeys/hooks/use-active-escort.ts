import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EscortSession, StartEscortRequest } from '#shared/schemas/journey';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { pinRefusal } from '../../../lib/pin-asked';
import { completeEscort, extendEscort, getActiveEscort, startEscort } from '../api/escort-sessions';
import { journeyKeys } from '../api/journey-keys';

/**
 * The person's escort as the server holds it: active, or the newest one that expired. Realtime `escort.updated`
 * writes into the same key (app/realtime/apply-realtime-event.ts), so every device shows the same session.
 */
export function activeEscortQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: journeyKeys.activeEscort(userId),
    queryFn: ({ signal }) => getActiveEscort(signal),
    enabled: Boolean(userId),
  });
}

export function useActiveEscort(userId: string | undefined) {
  return useQuery(activeEscortQueryOptions(userId));
}

/** The session each mutation answers with replaces the cached one; a completed one clears it. */
function useSetEscort(userId: string) {
  const queryClient = useQueryClient();
  return (session: EscortSession): void => {
    queryClient.setQueryData(
      journeyKeys.activeEscort(userId),
      session.status === 'completed' ? null : session,
    );
  };
}

/**
 * Starts an escort. The server refuses one that could tell nobody (`no_emergency_contacts`): the toast gives its
 * words, and `onNobodyToTell` lets the screen re-read what it knows of the person's contacts and guardians.
 */
export function useStartEscort(userId: string, onNobodyToTell?: () => void) {
  const setEscort = useSetEscort(userId);
  return useMutation({
    mutationFn: (request: StartEscortRequest) => startEscort(request),
    onSuccess: setEscort,
    onError: (error) => {
      notifyError(error);
      if (error instanceof ApiError && error.code === 'no_emergency_contacts') onNobodyToTell?.();
    },
  });
}

/** "Add time": the server moves the deadline and answers with the session. */
export function useExtendEscort(userId: string) {
  const setEscort = useSetEscort(userId);
  return useMutation({
    mutationFn: ({ id, minutes }: { id: string; minutes: number }) => extendEscort(id, minutes),
    onSuccess: setEscort,
    onError: (error) => notifyError(error),
  });
}

/** "I'm Safe - Stop Tracking" and "Cancel Escort Mode" both end the session this way. */
export function useCompleteEscort(userId: string) {
  const setEscort = useSetEscort(userId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pin }: { id: string; pin?: string }) => completeEscort(id, pin),
    onSuccess: setEscort,
    onError: (error) => {
      // The PIN's questions and refusals are the PIN prompt's to show (use-escort.ts).
      if (!pinRefusal(error)) notifyError(error);
      // It may have ended elsewhere (another device, the deadline): show what the server now holds.
      void queryClient.invalidateQueries({ queryKey: journeyKeys.activeEscort(userId) });
    },
  });
}
