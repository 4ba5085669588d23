import { toast } from 'sonner';
import { ERRORS, TOASTS } from '#shared/texts';
import { ApiError } from './api-client';

export type NotifyErrorOptions = {
  /** What the toast says when the error carries no message meant for the person. */
  fallback?: string;
  /**
   * Only these codes show the server's own message (e.g. a refused contact says why); any other error shows the
   * fallback. Without it, every ApiError's message is shown (docs/PRODUCT.md#app-messages: verbatim).
   */
  serverMessageFor?: readonly ApiError['code'][];
};

/** The toast's description for `error`: the server's message where the person can act on it, else the fallback. */
export function errorDescription(error: unknown, options: NotifyErrorOptions = {}): string {
  const { fallback = ERRORS.internal, serverMessageFor } = options;
  if (!(error instanceof ApiError)) return fallback;
  if (serverMessageFor && !serverMessageFor.includes(error.code)) return fallback;
  return error.message;
}

/** The one way a failed request becomes a toast: title 'Error', the description from errorDescription(). */
export function notifyError(error: unknown, options: NotifyErrorOptions = {}): void {
  toast.error(TOASTS.error, { description: errorDescription(error, options) });
}
