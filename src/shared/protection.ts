/**
 * Danger detection ("AI Protection"): the settings' ranges and defaults, and the detectors' constants
 * (docs/PRODUCT.md#ai-protection). No zod here: the detectors (src/shared/detection) and the phone's protection
 * code import it without the schema library.
 */
export const PROTECTION = {
  /** Shake Detection sensitivity: the acceleration (m/s², gravity removed) a shake must reach. Lower = more sensitive. */
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
    /** Readings kept. */
    bufferSize: 30,
    /** The rule looks at the newest this-many readings… */
    window: 3,
    /** …whose spread (max − min) must be above this… */
    minSpread: 1.5,
    /** …and whose peak must be above this (m/s²), as well as at or above the person's threshold. */
    minPeak: 6,
  },
  sound: {
    fftSize: 1024,
    smoothing: 0.1,
    /** Peak or average level (0–1) at or above this is loud. */
    threshold: 0.3,
    /** A frequency bin (0–255) above this is loud… */
    loudBinValue: 100,
    /** …and more than this share of loud bins is a loud sound. */
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
