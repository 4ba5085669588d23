/**
 * Fake Call's words (docs/PRODUCT.md#fake-call), loaded with the feature. The incoming call and the call screens
 * never say "fake": whoever looks over the person's shoulder sees an ordinary call.
 */
export const FAKE_CALL_TEXTS = {
  title: 'Fake Call',
  description: 'Your phone rings with a call you can take, to give you a reason to leave.',
  callerName: 'Caller name',
  callerNameHint: 'Remembered on this phone.',
  defaultCallerName: 'Mum',
  callerNameRequired: 'Enter who is calling',
  callerNameTooLong: (max: number) => `At most ${max} characters`,
  delay: 'Ring in',
  delayLabels: { 0: 'Now', 10_000: '10 s', 60_000: '1 min', 300_000: '5 min' } as Record<number, string>,
  schedule: 'Schedule call',
  keepOpen:
    'Keep Beacon open on screen: a web page cannot ring while it is in the background or the screen is off, and a reload cancels the call.',
  soundOff:
    'Sound is off in Beacon: the call will vibrate where the phone can, without a ringtone or a voice.',
  /** The discreet line while waiting: no "fake" in it. */
  callIn: (countdown: string) => `Call in ${countdown}`,
  cancel: 'Cancel',
  cancelLabel: 'Cancel the scheduled call',
  screenMayTurnOff: 'Keep the screen on',
  incoming: 'Incoming call…',
  incomingFrom: (name: string) => `Incoming call from ${name}`,
  accept: 'Accept',
  acceptLabel: 'Accept call',
  decline: 'Decline',
  declineLabel: 'Decline call',
  callWith: (name: string) => `Call with ${name}`,
  callDuration: 'Call duration',
  endCall: 'End call',
  /** What the caller says after the call is answered, one line at a time with a pause after each. */
  script: [
    'Hi, it’s me.',
    'Where are you?',
    'I need you to come home now, something’s come up.',
    'Can you leave now?',
    'Okay. See you soon.',
  ],
} as const;
