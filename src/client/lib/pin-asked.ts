import { ApiError } from './api-client';

/** The server asks for the safety PIN: 400 naming `pin` (docs/PRODUCT.md#safety-pin-and-duress-pin). */
export function pinAsked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'validation_failed' && error.field === 'pin';
}

/** A refusal the PIN prompt shows under its field: a wrong PIN, or too many. */
export function pinRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'pin_wrong' || error.code === 'rate_limited' || pinAsked(error)) return error.message;
  return null;
}
