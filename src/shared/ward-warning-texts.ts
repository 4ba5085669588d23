/**
 * The banner a ward's journey warning puts on top of the guardian's screens (docs/PRODUCT.md#guardians): their
 * phone went quiet during an escort or check-ins, or its battery is nearly empty. Downloaded with the banner
 * (ward-warning-banner.tsx), not with the first screen.
 */
type Journey = 'escort' | 'checkin';

const during = (journey: Journey): string => (journey === 'escort' ? 'their escort' : 'their check-ins');

export const WARD_WARNING_TEXTS = {
  /** silence: `ago` is "4 min ago". */
  silence: (name: string, ago: string, journey: Journey): string =>
    `${name || 'Your ward'}’s phone went quiet ${ago} during ${during(journey)}`,
  /** silence: the last sign of life the server had (a heartbeat, a position, a journey's own call). */
  lastHeard: (time: string): string => `Last seen at ${time}`,
  /** last_gasp: under the title ("<name>'s battery is at 3%"). */
  duringJourney: (journey: Journey): string => `During ${during(journey)}`,
  openCard: (name: string): string => `Open ${name || 'your ward'}’s card`,
  gotIt: 'Got it',
  gotItLabel: (name: string): string => `Got it: hide the warning about ${name || 'your ward'}`,
} as const;
