/**
 * Texts of emergency recording (docs/PRODUCT.md#emergency-recording): the recording controls on the SOS and
 * active-alert screens, the escort's Video Monitoring card and Guardian Video Monitoring panel, the recording
 * page, the guardian's notice and the tracking page's recordings. Their own module so they download with the
 * recording code, not with the first screen.
 */
import { RECORDING } from './constants';
import { RECORDING_CARD_TEXTS } from './recording-card-texts';

const seconds = (count: number): string => `${count} ${count === 1 ? 'second' : 'seconds'}`;

export const RECORDING_TEXTS = {
  // The controls (SOS screen, active-alert screen, escort panel)
  ...RECORDING_CARD_TEXTS,
  stop: 'Stop Recording',
  starting: 'Starting…',
  recordingVideo: 'Recording video and sound',
  recordingAudio: 'Recording sound only',
  audioOnlyReason: 'No camera could be used: Beacon records sound only.',
  /** How much of what was recorded the server holds: the honest measure of what is safe. */
  progress: (onServer: number, made: number): string => `${onServer} of ${seconds(made)} on the server`,
  uploadFailedTitle: 'Upload Failed',
  /** The pieces the server has not confirmed wait in this phone's storage and go when the connection returns. */
  uploadFailed: (waiting: number): string =>
    `${seconds(waiting)} saved on this phone, not yet on the server. They upload by themselves when the connection returns.`,
  allUploaded: 'Everything recorded is on the server.',
  permissionDeniedTitle: 'Permission Denied',
  permissionDenied: 'Camera and microphone access is required for emergency recording.',
  recordingFailedTitle: 'Recording Failed',
  recordingFailed: 'Could not start media recording.',
  unsupported: 'This browser cannot record.',
  autoStoppedTitle: 'Recording Auto-Stopped',
  autoStopped: `A recording stops after ${RECORDING.maxDurationSeconds / 60} minutes. Start a new one if you need more.`,
  wakeLockOn: 'The screen is kept awake while recording.',
  wakeLockUnsupported: 'This browser cannot keep the screen awake: keep it on yourself while recording.',
  wakeLockLost: 'The screen could not be kept awake: keep it on yourself while recording.',
  openRecording: 'Open the recording',
  lastRecording: 'Your last recording',

  // Escort
  videoMonitoring: 'Video Monitoring',
  videoRecording: 'Recording',
  videoStopped: 'Stopped',
  guardianPanelTitle: 'Guardian Video Monitoring',
  guardianPanelDescription:
    'Your guardians are told the moment you start recording and can watch it live from their guardian screen.',
  startRecording: 'Start Recording',
  stopRecording: 'Stop Recording',
  videoPermissionRequiredTitle: 'Video Permission Required',
  videoPermissionRequired:
    'Video recording is required for guardian monitoring during escort mode. Your escort has started anyway; allow the camera to record.',

  // The recording page
  pageTitle: 'Recording',
  back: 'Back',
  loadFailed: 'This recording could not be loaded. It may have been deleted.',
  ownerLine: (name: string): string => `Recorded by ${name}`,
  typeVideo: 'Video',
  typeAudio: 'Sound only',
  statusLabels: { recording: 'Recording', finished: 'Finished', cut_off: 'Cut off' },
  statusMeanings: {
    recording: 'The phone is recording now: new seconds appear as they reach the server.',
    finished: 'The phone stopped recording and every second reached the server, which signed the record.',
    cut_off: `Nothing arrived from the phone for ${RECORDING.cutOffAfterSeconds / 60} minutes (it was switched off, lost its connection or was damaged). What arrived is kept and signed as it is.`,
  },
  onServer: (count: number): string => `${seconds(count)} on the server`,
  startedAt: (when: string): string => `Started ${when}`,
  deleteAt: (when: string): string => `Deleted automatically ${when}`,
  playerLabel: 'The recording',
  playerFailed: 'The recording could not be played here. Try Verify to download it.',
  nothingYet: 'Nothing has reached the server yet.',

  // Verify
  verify: 'Verify',
  verifying: 'Checking…',
  verifyTitle: 'Is this the original?',
  verifyExplainer:
    'Downloads the recording and checks it against the record the server kept as each second arrived.',
  untampered: (count: number): string =>
    `Untampered: matches the server's signed record up to second ${count}.`,
  matchesUnsigned: (count: number): string =>
    `Matches the server's record up to second ${count}. Not signed yet: the server signs it when the recording ends.`,
  matchesNoEd25519: (count: number): string =>
    `Matches the server's record up to second ${count}, but this browser cannot check the server's signature. Check it on a computer with scripts/verify-recording.mjs.`,
  badSignature: "The server's signature does not match this record: do not trust this copy.",
  mismatch: {
    piece_changed: (count: number): string =>
      `Changed: second ${count + 1} differs from what the server received. Matches up to second ${count}.`,
    file_too_short: (count: number): string =>
      `Incomplete: the download ends early. Matches up to second ${count}.`,
    file_too_long: (count: number): string =>
      `Something was added after second ${count}: the download is longer than the server's record.`,
    chain_broken: (count: number): string =>
      `The server's record is broken after second ${count}: do not trust this copy.`,
  },
  verifyFailed: 'The recording could not be downloaded to check it. Try again.',

  // Who watched (owner only)
  viewsTitle: 'Who watched',
  viewsEmpty: 'Nobody has watched it yet.',
  viewerOwner: 'You',
  viewerShareLink: 'Someone with your tracking link',
  viewerGuardian: (name: string | null): string => (name ? `${name} (guardian)` : 'A guardian'),

  // Delete (owner only)
  delete: 'Delete recording',
  deleteConfirmTitle: 'Delete this recording?',
  deleteConfirmDescription:
    'It is deleted from the server now, for you and for everyone who could watch it. This cannot be undone.',
  deleteConfirm: 'Delete',
  deleteCancel: 'Keep it',
  deletedTitle: 'Recording deleted',

  // Guardians
  wardStartedTitle: (name: string): string => `${name || 'Someone you guard'} started recording`,
  wardStartedMessage: 'You can watch it live from their card on your guardian screen.',
  watch: 'Watch',
  wardRecordingsTitle: 'Recordings',
  wardRecordingLink: (origin: string, when: string, status: string): string =>
    `${origin}, ${when} · ${status}`,
  originLabels: {
    sos: 'From the SOS screen',
    active_alert: 'During an alert',
    escort: 'During an escort',
    escort_emergency: "When an escort's time ran out",
  },

  // The tracking page
  sharedTitle: 'Recordings',
  sharedDescription: 'Recorded by the phone during the emergency, uploaded second by second.',
  play: 'Play',
} as const;
