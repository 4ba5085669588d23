/**
 * How long a journey whose deadline fired without anyone to tell (no contact, no guardian) is still shown to the
 * person by GET /api/escort-sessions/active and GET /api/checkins/active. One with an alert is shown until the
 * person ends that alert.
 */
export const UNTOLD_JOURNEY_SHOWN_MS = 60 * 60_000;
