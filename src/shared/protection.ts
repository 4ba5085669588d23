/**
 * Danger detection ("AI Protection"): the settings' ranges and defaults, and the detectors' constants
 * (docs/PRODUCT.md#ai-protection). No zod here: the detectors (src/shared/detection) and the phone's protection
 * code import it without the schema library.
 */
export const PROTECTION = {
  /**
   * Shake Detection sensitivity: the acceleration (m/s², gravity removed) each swing of a shake must reach. Lower =
   * more sensitive.
   */
  motionThreshold: { min: 5, max: 25, default: 8 },
  /** Recognition Accuracy: how closely a heard phrase must match a keyword (1 = exactly). */
  recognitionAccuracy: { min: 0.3, max: 1, step: 0.1, default: 0.8 },
  defaultKeywords: ['help me', 'emergency', 'call for help', 'danger', 'unsafe'],
  maxKeywords: 20,
  keywordMaxLength: 50,
  /** After a detection opens the countdown, no detector opens another for this long. */
  cooldownMs: 10_000,
  /** Speech recognition stops by itself now and then; listening restarts this long after it ends. */
  voiceRestartMs: 1000,
  voiceLanguage: 'en-US',
  shake: {
    /**
     * Readings a shake must fit in: 36 at the DeviceMotion rate of 60 Hz is 0.6 s. (Decision 035: 30 at first; a
     * little longer so a shake at 3.5 Hz fits its five swings.)
     */
    bufferSize: 36,
    /** A swing: over the newest this-many readings… */
    window: 3,
    /** …the spread (max − min) is above this… */
    minSpread: 1.5,
    /** …and the peak above this (m/s²), as well as at or above the person's threshold. */
    minPeak: 6,
    /**
     * A shake is this many swings within the buffer, each the other way from the one before (decision 035: one
     * swing alone was a shake at first, and a footstep, a bus's pothole or a phone landing on a sofa passed it).
     */
    swingsNeeded: 5,
    /** After a swing, the next counts only once the acceleration has fallen below this share of the threshold. */
    rearmShare: 0.5,
    /**
     * With gravity in the readings, the detector follows gravity with a low-pass of this many readings (½ s at
     * 60 Hz) and takes it out, so a swing has a direction and a sideways shake is measured at its full size.
     */
    gravityReadings: 30,
  },
  sound: {
    fftSize: 1024,
    smoothing: 0.1,
    /** A frame whose peak or average level (0–1) is at or above this is loud. */
    threshold: 0.3,
    /**
     * A quieter frame is loud too when it stands out from what the phone has been hearing (decision 035): its peak
     * at or above this share of the threshold (0.2 for 0.3)…
     */
    standOutShare: 2 / 3,
    /** …and at least this many times the median peak of the frames of the last `backgroundMs` (18 dB above)… */
    standOutRatio: 8,
    backgroundMs: 10_000,
    /**
     * A loud sound is loud frames lasting this long (decision 035: one loud frame was enough at first, and a door,
     * a cup set down or a drum beat was a loud sound)…
     */
    sustainMs: 300,
    /** …with no gap between loud frames longer than this (a frame read between two syllables of a shout). */
    maxGapMs: 100,
    /**
     * A frequency bin (0–255) above this is loud. Decision 035 took "more than 15 % of loud bins" out of the rule:
     * it fired on music, traffic and cafés at any share that still caught a scream. `loudBinShare` still measures it.
     */
    loudBinValue: 100,
    /** The share of loud bins the first rule used (not part of the rule since decision 035). */
    loudBinShare: 0.15,
  },
} as const;

/** The person's protection settings, kept on the server so every device applies them. */
export type ProtectionSettings = {
  /** The master switch, Emergency Protection. */
  enabled: boolean;
  shakeEnabled: boolean;
  loudSoundEnabled: boolean;
  voiceEnabled: boolean;
  motionThreshold: number;
  keywords: string[];
  recognitionAccuracy: number;
};

export const DEFAULT_PROTECTION_SETTINGS: ProtectionSettings = {
  enabled: false,
  shakeEnabled: true,
  loudSoundEnabled: true,
  voiceEnabled: true,
  motionThreshold: PROTECTION.motionThreshold.default,
  keywords: [...PROTECTION.defaultKeywords],
  recognitionAccuracy: PROTECTION.recognitionAccuracy.default,
};

/** Which detector noticed danger; each raises the alert with its trigger type (loud sound: `panic`). */
export type Detector = 'shake' | 'loudSound' | 'voice';
export const DETECTOR_TRIGGER_TYPES = { shake: 'shake', loudSound: 'panic', voice: 'voice' } as const;
