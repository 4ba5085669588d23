import { useQueryClient } from '@tanstack/react-query';
import type { PositionReading } from '../../../lib/device/geolocation';
import { isSoundEnabled, playSound } from '../../../lib/sounds';
import { PROMPT_VIBRATION_MS } from '../utils/journey-phase';
import { toast } from '../../../lib/toast';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import type { EscortSession, StartEscortRequest } from '#shared/schemas/journey';
import { journeyKeys } from '../api/journey-keys';
import { useActiveEscort, useExtendEscort, useStartEscort } from './use-active-escort';
import { useEscortCompletion, type PinPromptControl } from './use-escort-completion';
import { useEscortCountdown } from './use-escort-countdown';
import { useEscortPosition, type EscortPosition } from './use-escort-position';

export type EscortController = {
  /** undefined while the first read runs; null: no escort (the setup view). */
  session: EscortSession | null | undefined;
  /** When this device last learned the session (read or event), in its own clock (ms). */
  sessionUpdatedAt: number;
  isError: boolean;
  /** Seconds left until the server's deadline while the session is active; null otherwise. */
  seconds: number | null;
  position: EscortPosition;
  start: (request: StartEscortRequest) => void;
  starting: boolean;
  addTime: (minutes: number) => void;
  addingTime: boolean;
  /** Both stop buttons: completes the session and says 'Tracking Stopped'. */
  stop: () => void;
  stopping: boolean;
  /** The safety PIN, asked when the deadline has passed and the person set one (components/pin-prompt-dialog). */
  pinPrompt: PinPromptControl;
  /**
   * An expired escort is over (the server refuses to complete it; its alert, if any, is ended with "I'm safe"):
   * this leaves its picture for the setup view, on this screen only. Reopened within the hour it is shown again.
   */
  startOver: () => void;
};

/**
 * Everything one escort screen needs (the dialog and the /map page share it): the server's session, the
 * countdown to its deadline with the warning at ESCORT.warningSeconds, the GPS fixes (read before a start too:
 * a start needs one) that feed its route, and start / Add time / stop. `onNobodyToTell`: the server refused the
 * start because the person has neither a contact nor a guardian.
 */
export function useEscort(
  userId: string,
  { tracked = null, onNobodyToTell }: { tracked?: PositionReading | null; onNobodyToTell?: () => void },
): EscortController {
  const queryClient = useQueryClient();
  const query = useActiveEscort(userId);
  const session = query.data;
  const active = session?.status === 'active' ? session : null;
  const seconds = useEscortCountdown(active?.deadline_at ?? null, () => {
    toast.warning(ESCORT_TEXTS.timeWarningTitle, { description: ESCORT_TEXTS.timeWarning });
    // Heard and felt, not only seen, with Sound on (the last chance sounds in its prompt).
    if (isSoundEnabled()) {
      playSound('emergencyAlert');
      navigator.vibrate?.(PROMPT_VIBRATION_MS);
    }
  });
  const position = useEscortPosition({
    userId,
    session: active,
    tracked,
  });
  const startMutation = useStartEscort(userId, onNobodyToTell);
  const extendMutation = useExtendEscort(userId);
  const completion = useEscortCompletion(userId);

  return {
    session,
    sessionUpdatedAt: query.dataUpdatedAt,
    isError: query.isError,
    seconds,
    position,
    start: (request) =>
      startMutation.mutate(request, {
        onSuccess: (started) =>
          toast.success(ESCORT_TEXTS.startedTitle, {
            description: ESCORT_TEXTS.startedDescription(started.destination_address),
          }),
      }),
    starting: startMutation.isPending,
    addTime: (minutes) => {
      if (!active) return;
      extendMutation.mutate(
        { id: active.id, minutes },
        {
          onSuccess: () =>
            toast.success(ESCORT_TEXTS.timeAddedTitle, { description: ESCORT_TEXTS.timeAdded(minutes) }),
        },
      );
    },
    addingTime: extendMutation.isPending,
    stop: () => {
      if (session) completion.complete(session.id);
    },
    stopping: completion.completing,
    pinPrompt: completion.pinPrompt,
    startOver: () => queryClient.setQueryData(journeyKeys.activeEscort(userId), null),
  };
}
