/**
 * What the recording card shows before its code has loaded (app/components/lazy-recording-controls.tsx): in the
 * first download with the SOS screen, so the card's text paints with it. The rest is in recording-texts.ts.
 */
export const RECORDING_CARD_TEXTS = {
  controlsTitle: 'Emergency recording',
  record: 'Record what is happening',
  /** Said plainly on every set of controls: what a web app can and cannot do. */
  limits:
    'Recording continues only while Beacon is open on screen: the camera and microphone stop when the screen turns off or you switch to another app.',
} as const;
