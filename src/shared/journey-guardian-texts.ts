/**
 * What a guardian reads of their wards' journeys (docs/PRODUCT.md#guardians): the escort and check-in boxes of the
 * watch screen, the journey warnings, and the notifications those warnings add. Loaded with the watch screen and
 * the realtime applier, not with the first screen.
 */
export const JOURNEY_GUARDIAN_TEXTS = {
  escortTitle: 'Escort Mode',
  checkInTitle: 'Safety Check-In',
  destination: (address: string): string => `To ${address}`,
  deadline: (time: string): string => `Deadline ${time}`,
  timeLeft: (time: string): string => `${time} left`,
  deadlinePassed: 'Deadline passed',
  escortExpired: 'Time ran out: an emergency alert was raised.',
  escortExpiredNoAlert: 'Time ran out. No emergency contacts were configured.',
  nextCheckIn: (time: string): string => `Next check-in due ${time}`,
  checkInMissed: 'A check-in was missed: an emergency alert was raised.',
  checkInMissedNoAlert: 'A check-in was missed.',
  routePoints: (count: number): string => (count === 1 ? '1 route point' : `${count} route points`),
  /** silence: the phone has sent nothing since HH:MM. */
  silence: (name: string, time: string): string => `No signal from ${name} since ${time}`,
  /** last_gasp: the battery is about to die. */
  lastGasp: (name: string, percent: number): string => `${name}'s battery is at ${percent}%`,
  lastGaspUnknown: (name: string): string => `${name}'s battery is about to run out`,
  battery: (percent: number): string => `Battery ${Math.round(percent)}%`,
  lastPosition: (coordinates: string, time: string): string => `Last position ${coordinates} at ${time}`,
  noLastPosition: 'No position known',
  warningTitle: 'Journey warning',
  /** A name for a ward whose name this device has not loaded. */
  someone: 'Someone you guard',
} as const;
