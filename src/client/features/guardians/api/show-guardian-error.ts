import { toast } from 'sonner';
import { ERRORS, TOASTS } from '#shared/texts';
import { errorMessage } from '../../../lib/api-client';

/** Guardian errors (docs/PRODUCT.md#app-messages): title 'Error' with the server's message, verbatim. */
export function showGuardianError(error: unknown): void {
  toast.error(TOASTS.error, { description: errorMessage(error, ERRORS.internal) });
}
