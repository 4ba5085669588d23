/**
 * Where the voice provider tells Beacon about a call: one path per delivery, so a callback names the delivery it
 * is about (and through it the alert and the contact). The routes are in modules/alerts/voice-call-routes.ts.
 */
export const VOICE_CALLBACK_PATHS = {
  /** The call's final status (answered, voicemail, no answer, busy, failed). */
  status: '/api/voice/calls/:id/status',
  /** The key the contact pressed at the prompt. */
  gather: '/api/voice/calls/:id/gather',
} as const;

/** The full public URLs of one delivery's callbacks (`origin`: PUBLIC_URL, http/public-origin.ts). */
export function voiceCallbackUrls(origin: string, deliveryId: string): { status: string; gather: string } {
  const id = encodeURIComponent(deliveryId);
  return {
    status: `${origin}${VOICE_CALLBACK_PATHS.status.replace(':id', id)}`,
    gather: `${origin}${VOICE_CALLBACK_PATHS.gather.replace(':id', id)}`,
  };
}
