import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECK_IN } from '#shared/constants';
import type { CheckIn } from '#shared/schemas/journey';
import { notifyError } from '../../../lib/notify-error';
import { pinRefusal } from '../../../lib/pin-asked';
import { checkInNow, getActiveCheckIn, startCheckIn, stopCheckIn } from '../api/checkins';
import { journeyKeys } from '../api/journey-keys';

/** The person's active check-in, or their newest missed one (null: none), as the server keeps it. */
export function activeCheckInQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: journeyKeys.activeCheckIn(userId),
    queryFn: ({ signal }) => getActiveCheckIn(signal),
    enabled: Boolean(userId),
  });
}

/**
 * The active check-in, re-read every CHECK_IN.tickMs while it is active: the server decides when one is missed
 * (and raises the alert), and this is how a screen learns it without waiting for a reload.
 */
export function useActiveCheckIn(userId: string | undefined) {
  return useQuery({
    ...activeCheckInQueryOptions(userId),
    refetchInterval: (query) => (query.state.data?.status === 'active' ? CHECK_IN.tickMs : false),
  });
}

export type CheckInActions = {
  /** Rejects with the server's error (e.g. the 400 without contacts): the screen shows it where it belongs. */
  start: (intervalMinutes: number) => Promise<CheckIn>;
  checkInNow: (id: string) => Promise<CheckIn>;
  stop: (id: string, pin?: string) => Promise<CheckIn>;
  pending: boolean;
};

/** Start, Check-in Now and Stop; each answer becomes the cached check-in at once. */
export function useCheckInActions(userId: string | undefined): CheckInActions {
  const queryClient = useQueryClient();
  const key = journeyKeys.activeCheckIn(userId);
  const store = (checkIn: CheckIn): void => {
    queryClient.setQueryData(key, checkIn);
  };
  const start = useMutation({
    mutationFn: (intervalMinutes: number) => startCheckIn({ interval_minutes: intervalMinutes }),
    onSuccess: store,
  });
  const now = useMutation({
    mutationFn: checkInNow,
    onSuccess: store,
    onError: (error) => notifyError(error),
  });
  const stop = useMutation({
    mutationFn: ({ id, pin }: { id: string; pin?: string }) => stopCheckIn(id, pin),
    onSuccess: store,
    // The PIN's questions and refusals are the PIN prompt's to show (check-in-panel.tsx).
    onError: (error) => {
      if (!pinRefusal(error)) notifyError(error);
    },
  });
  return {
    start: start.mutateAsync,
    checkInNow: now.mutateAsync,
    stop: (id, pin) => stop.mutateAsync({ id, ...(pin === undefined ? {} : { pin }) }),
    pending: start.isPending || now.isPending || stop.isPending,
  };
}
