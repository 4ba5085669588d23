import { TOASTS } from '#shared/texts';
import { ApiError } from '../../../lib/api-client';

/**
 * The usual 'Failed to save contact. Please try again.' — except when the server refused the contact for a
 * reason the person can act on (e.g. too many contacts), whose message is more useful than "try again".
 */
export function saveFailedMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'validation_failed') return error.message;
  return TOASTS.contactSaveFailed;
}
