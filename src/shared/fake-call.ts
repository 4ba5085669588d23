/**
 * Fake Call's numbers (docs/PRODUCT.md#fake-call), loaded with the feature, never with the first screen. The ring
 * imitates the double ring of a British landline, quietly: it should pass for an ordinary call in a café, not alarm
 * anyone.
 */
export const FAKE_CALL = {
  /** The delays offered, in the dialog's order. */
  delaysMs: [0, 10_000, 60_000, 300_000],
  defaultDelayMs: 10_000,
  callerNameMaxLength: 40,
  /** An unanswered call stops ringing after this long, as a real one goes to voicemail. */
  ringForMs: 45_000,
  ring: {
    /** Two tones together make the ring's warble. */
    frequencies: [400, 450],
    /** Each cycle: on, off, on, then silent until the next cycle. */
    burstsMs: [400, 200, 400],
    cycleMs: 3_000,
    volume: 0.18,
  },
  /** What the phone's vibration motor does each ring cycle (on, off, on). */
  vibrationMs: [400, 200, 400],
  /** The silence between the caller's lines, long enough for the person to answer out loud. */
  scriptPauseMs: 2_500,
  /** How long to wait for the browser's list of voices, which some browsers fill in only after a moment. */
  voicesWaitMs: 1_500,
} as const;
