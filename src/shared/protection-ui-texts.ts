/**
 * The words of AI Protection on the phone (docs/PRODUCT.md#ai-protection): the AI Protection System dialog, what
 * each detector is doing, the toasts, the readiness card's lines and what the SOS countdown says was noticed.
 * Loaded with the protection code, never with the first screen. Validation messages stay in protection-texts.ts.
 */
import { PROTECTION } from './protection';

const { motionThreshold, recognitionAccuracy } = PROTECTION;

export const PROTECTION_TEXTS = {
  title: 'AI Protection System',
  description:
    'Beacon watches for a shake of the phone, a loud sound or one of your keywords, and opens the SOS countdown when it notices one.',
  masterSwitch: 'Emergency Protection',
  masterHint: 'Applies on every device you are signed in on.',
  loading: 'Loading your protection settings…',
  loadFailed: 'Could not load your protection settings. Check your connection and open this again.',
  saveFailed: 'Could not save your protection settings. Please try again.',
  statusLabel: 'Status',
  /** The section of each detector; its switch has the same name. */
  shakeTitle: 'Shake Detection',
  shakeHint: 'Shake the phone hard and fast, back and forth, to raise the alarm.',
  sensitivity: 'Shake Detection sensitivity',
  sensitivityValue: (value: number): string => `${value} m/s²`,
  sensitivityHint: `From ${motionThreshold.min} (a light shake) to ${motionThreshold.max} (only a violent one). Lower is more sensitive.`,
  enableMotion: 'Enable Motion Detection',
  loudSoundTitle: 'Loud Sound Detection',
  loudSoundHint: 'A scream, a bang or breaking glass near the phone raises the alarm.',
  voiceTitle: 'Voice Activation',
  voiceHint: 'Say one of your keywords to raise the alarm.',
  voicePrivacy:
    "Speech recognition is your browser's: Chrome sends what the microphone hears to its speech service, so it needs a connection. Turn Voice Activation off to keep sound on this phone; shake and loud-sound detection never send it anywhere.",
  keywordsLabel: 'Keywords',
  noKeywords: 'No keywords yet: Voice Activation has nothing to listen for.',
  keywordInput: 'New keyword',
  keywordPlaceholder: 'e.g. help me',
  addKeyword: 'Add',
  removeKeyword: (keyword: string): string => `Remove keyword ${keyword}`,
  accuracy: 'Recognition Accuracy',
  accuracyValue: (value: number): string => `${Math.round(value * 100)}%`,
  accuracyHint: `From ${recognitionAccuracy.min} (forgives slips such as "help mi") to ${recognitionAccuracy.max} (only the exact words).`,
  keepScreenOn: 'Keep the screen on',
  keepScreenOnHint:
    'Detection works only while the screen is on. This keeps it on while protection is on (on this device; it uses more battery).',
  limitsTitle: 'What this can and cannot do',
  limits: [
    'Beacon is a web app: your browser gives it motion, the microphone and speech only while its screen is on and Beacon is in front. With the phone locked or another app open, detection pauses (an iPhone stops it within seconds) and starts again when you come back.',
    'When something is noticed, the 10-second SOS countdown opens. Tap Cancel Emergency and nothing is sent; otherwise your contacts get the alert.',
    'After a detection nothing else is detected for 10 seconds.',
  ],
} as const;

/** The badge: computed from what runs on this phone now, never from the switches. */
export const PROTECTION_LEVEL_TEXTS = {
  maximum: 'Maximum Protection Active',
  active: 'Protection Active',
  limited: 'Limited Protection',
  none: 'No Protection',
} as const;

/** A detector's line: what it is doing now and, when it is not running, why and what to do. */
export const DETECTOR_STATE_TEXTS = {
  off: 'Off',
  starting: 'Starting…',
  waiting: 'Waiting for the first motion reading…',
  'needs-permission': 'Needs your permission: tap Enable Motion Detection.',
  'needs-tap': 'Waiting for you to touch the screen: the browser holds the microphone until then.',
  refused: {
    shake:
      "Motion access was refused. Allow motion sensors for Beacon in your browser's site settings; on an iPhone, close Safari completely, open Beacon again and tap Enable Motion Detection.",
    loudSound:
      "Microphone access is blocked. Allow the microphone for Beacon in your browser's site settings (the icon beside the address), then open Beacon again.",
    voice:
      "Microphone or speech recognition is blocked. Allow the microphone for Beacon in your browser's site settings, then open Beacon again.",
  },
  unsupported: {
    shake: 'This browser or device gives Beacon no motion readings.',
    loudSound: 'This browser cannot listen to the microphone.',
    voice: 'This browser has no speech recognition.',
  },
  'paused-hidden': 'Paused: the screen is off or Beacon is not in front.',
  offline: 'Paused: speech recognition needs a connection.',
  failed: {
    shake: 'Could not start.',
    loudSound: 'Could not open the microphone (another app may be using it).',
    voice: 'Speech recognition stopped with an error. It tries again when you come back to Beacon.',
  },
  running: {
    shake: 'Listening for a shake.',
    loudSound: 'Listening for loud sounds.',
    voice: 'Listening for your keywords.',
  },
} as const;

export const WAKE_LOCK_TEXTS = {
  on: 'The screen stays on while protection is on.',
  unsupported: 'This browser cannot keep the screen on: keep it awake yourself.',
  lost: 'The browser would not keep the screen on (battery saver?). Keep it awake yourself.',
} as const;

/** Toasts, by what happened when the person turned protection or a detector on. */
export const PROTECTION_TOASTS = {
  on: 'Emergency Protection is on',
  onDescription: (running: string): string => `Running on this phone: ${running}.`,
  detectionFailed: 'Detection Failed',
  detectionFailedDescription: 'Could not access device sensors',
  microphoneAccessRequired: 'Microphone Access Required',
  microphoneAccessRequiredDescription:
    "Loud-sound detection needs the microphone. Allow it in your browser's site settings.",
  motionLimited: 'Motion Detection Limited',
  motionLimitedNeedsPermission: 'Tap Enable Motion Detection to let Beacon feel a shake.',
  motionLimitedUnsupported: 'This browser or device gives Beacon no motion readings.',
  motionDenied: 'Motion Permission Denied',
  motionDeniedDescription: 'Shake detection cannot work without motion access.',
  motionError: 'Motion Permission Error',
  motionErrorDescription: 'The browser did not ask for motion access. Try again.',
  microphonePermissionRequired: 'Microphone Permission Required',
  microphonePermissionRequiredDescription:
    "Voice Activation needs the microphone. Allow it in your browser's site settings.",
  voiceFailed: 'Voice Activation Failed',
  voiceFailedUnsupported: 'This browser has no speech recognition.',
  voiceFailedOffline: 'Speech recognition needs a connection.',
  voiceFailedOther: 'Speech recognition could not start.',
} as const;

/** Detector names as the readiness card and the toasts list them. */
export const DETECTOR_NAMES = {
  shake: 'shake',
  loudSound: 'loud sound',
  voice: 'keywords',
} as const;

/** The dashboard readiness card's AI Protection lines (only this phone's truth). */
export const PROTECTION_READINESS_TEXTS = {
  title: 'AI Protection',
  off: 'AI Protection: off',
  loading: 'AI Protection: checking…',
  level: (level: string): string => `AI Protection: ${level}`,
} as const;

/** What the SOS countdown says a detector noticed. */
export const DETECTED_DANGER_TEXTS = {
  shake: 'Beacon noticed a shake of the phone.',
  loudSound: 'Beacon heard a loud sound.',
  voice: 'Beacon heard one of your keywords.',
} as const;
