import { ESCORT_TEXTS } from '#shared/escort-texts';

/** The cause a failed fix gives, from GeolocationPositionError's code (1 denied, 2 unavailable, 3 timeout). */
export function gpsErrorCause(failure: unknown): string {
  const code =
    typeof failure === 'object' && failure !== null && 'code' in failure ? Number(failure.code) : null;
  if (code === 1) return ESCORT_TEXTS.gpsCause.denied;
  if (code === 2) return ESCORT_TEXTS.gpsCause.unavailable;
  if (code === 3) return ESCORT_TEXTS.gpsCause.timeout;
  return ESCORT_TEXTS.gpsCause.other;
}
