import { createContext, useContext } from 'react';
import type { CreateAlertRequest } from '#shared/schemas/alert';

/**
 * An SOS Beacon did not send and will not send later: what it asked for and when it was raised (for the
 * messaging app's text), and why, so the SOS screens say so instead of leaving the person with nothing.
 */
export type UnsentAlert = {
  request: CreateAlertRequest;
  raisedAt: Date;
  /**
   * The server's reason for refusing it (a 4xx other than 401 and 429); null when the server could not be reached
   * and this phone could not keep the alert to send later (storage switched off).
   */
  reason: string | null;
};

export type UnsentAlertState = {
  /** The signed-in person's last unsent SOS in this tab, until they dismiss it. */
  unsent: UnsentAlert | null;
  markUnsent(alert: UnsentAlert): void;
  dismiss(): void;
};

export const UnsentAlertContext = createContext<UnsentAlertState>({
  unsent: null,
  markUnsent: () => undefined,
  dismiss: () => undefined,
});

export function useUnsentAlert(): UnsentAlertState {
  return useContext(UnsentAlertContext);
}
