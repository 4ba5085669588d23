import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { checkSafetyPin, safetyPinStatusQueryOptions } from '../../features/safety-pin/api/safety-pin-api';
import { savedSafetyPinSet } from '../../features/safety-pin/stores/saved-safety-pin-status';
import { ApiError } from '../../lib/api-client';
import { useDevice } from '../../lib/device/device-context';
import type { NetworkAdapter } from '../../lib/device/network';
import { pinRefusal } from '../../lib/pin-asked';

/**
 * Cancel Emergency on a countdown detection opened, when the person set a safety PIN
 * (docs/decisions/042-safety-pin-and-duress.md). The countdown keeps running while the PIN is asked; the server
 * checks it (POST /api/safety-pin/check answers the safety PIN and the duress PIN alike and raises the duress alert
 * itself), and only then is the countdown cancelled. A wrong PIN or too many leave it running. Without a
 * connection the PIN cannot be checked: the countdown is cancelled (nothing was sent yet, and it was Beacon's
 * idea, not the person's), and the check is sent once the phone is online again, so a duress PIN still warns.
 */
export function useCountdownPin(userId: string, counting: boolean, cancel: () => void) {
  const saved = savedSafetyPinSet(userId);
  const pinSet = useSyncExternalStore(saved.subscribe, saved.get);
  // Refreshes the copy kept on the device (the query writes it).
  useQuery(safetyPinStatusQueryOptions(userId));
  const { network } = useDevice();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const requestCancel = (): void => {
    if (!pinSet) {
      cancel();
      return;
    }
    setError(null);
    setAsking(true);
  };
  const onPin = (pin: string): void => {
    setPending(true);
    checkSafetyPin(pin)
      .then(() => {
        setAsking(false);
        cancel();
      })
      .catch((failure: unknown) => {
        if (unreachable(failure)) {
          setAsking(false);
          cancel();
          checkWhenOnline(network, pin);
        } else setError(pinRefusal(failure) ?? errorText(failure));
      })
      .finally(() => setPending(false));
  };
  return {
    requestCancel,
    prompt: {
      // Closed with the countdown: at zero the alert went out, and there is nothing left to cancel.
      open: asking && counting,
      onOpenChange: (open: boolean) => {
        if (!pending) setAsking(open);
      },
      onPin,
      pending,
      error,
    },
  };
}

function unreachable(failure: unknown): boolean {
  return failure instanceof ApiError && (failure.status === 0 || failure.status >= 500);
}

function errorText(failure: unknown): string | null {
  return failure instanceof Error ? failure.message : null;
}

/** Sends the check when the connection is back (kept in memory only: a PIN is never written to the device). */
function checkWhenOnline(network: NetworkAdapter, pin: string): void {
  const unsubscribe = network.subscribe((online) => {
    if (!online) return;
    unsubscribe();
    checkSafetyPin(pin).catch(() => undefined);
  });
}
