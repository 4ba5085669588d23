/**
 * The phone's numbers for danger detection (docs/PRODUCT.md#ai-protection), beside the detection rules' own in
 * protection.ts: how often the microphone is read and how long a silent motion sensor is given.
 */
export const PROTECTION_PHONE = {
  /** The analyser is read this often (ms): a shout or a bang lasts several frames. */
  soundFrameMs: 50,
  /**
   * A motion sensor that has sent no reading this long after listening began is reported as giving none (a
   * desktop, or a phone whose browser withholds them); a reading later still starts it.
   */
  motionSilenceMs: 3000,
} as const;
