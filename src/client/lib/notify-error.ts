import { toast } from './toast';
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
  /** The toast's title, where "Error" says too little (an SOS Beacon did not send). */
  title?: string;
  /** One button in the toast: what the person can still do (e.g. text their contacts themselves). */
  action?: { label: string; onClick: () => void };
};

/** The toast's description for `error`: the server's message where the person can act on it, else the fallback. */
export function errorDescription(error: unknown, options: NotifyErrorOptions = {}): string {
  const { fallback = ERRORS.internal, serverMessageFor } = options;
  if (!(error instanceof ApiError)) return fallback;
  if (serverMessageFor && !serverMessageFor.includes(error.code)) return fallback;
  return error.message;
}

/**
 * The one way a failed request becomes a toast: title 'Error' (or `title`), the description from
 * errorDescription(), and `action` as its button.
 */
export function notifyError(error: unknown, options: NotifyErrorOptions = {}): void {
  const { title = TOASTS.error, action } = options;
  toast.error(title, { description: errorDescription(error, options), ...(action ? { action } : {}) });
}
