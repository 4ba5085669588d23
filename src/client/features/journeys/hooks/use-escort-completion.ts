import { useState } from 'react';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { pinAsked, pinRefusal } from '../../../lib/pin-asked';
import { toast } from '../../../lib/toast';
import { useCompleteEscort } from './use-active-escort';

/** The safety PIN prompt's props (components/pin-prompt-dialog). */
export type PinPromptControl = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPin: (pin: string) => void;
  pending: boolean;
  error: string | null;
};

/**
 * Ending an escort ("I'm Safe", Stop): the one way every screen does it. Once the deadline has passed and the
 * person set a safety PIN the server asks for it (400 naming `pin`): the prompt opens, and the PIN goes with a
 * second try (any other failure is a toast: useCompleteEscort).
 */
export function useEscortCompletion(userId: string): {
  complete: (sessionId: string) => void;
  completing: boolean;
  pinPrompt: PinPromptControl;
} {
  const mutation = useCompleteEscort(userId);
  const [asking, setAsking] = useState<string | null>(null);
  const complete = (sessionId: string, pin?: string): void => {
    mutation.mutate(
      { id: sessionId, ...(pin === undefined ? {} : { pin }) },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success(ESCORT_TEXTS.stoppedTitle, { description: ESCORT_TEXTS.stopped });
        },
        onError: (error) => {
          if (pin === undefined && pinAsked(error)) setAsking(sessionId);
        },
      },
    );
  };
  const refusal = mutation.isPending ? null : pinRefusal(mutation.error);
  return {
    complete: (sessionId) => complete(sessionId),
    completing: mutation.isPending,
    pinPrompt: {
      open: asking !== null,
      onOpenChange: (open) => {
        if (!mutation.isPending && !open) setAsking(null);
      },
      onPin: (pin) => {
        if (asking) complete(asking, pin);
      },
      pending: mutation.isPending,
      error: refusal && !pinAsked(mutation.error) ? refusal : null,
    },
  };
}
