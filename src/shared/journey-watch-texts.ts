/**
 * What guardians are told during a ward's journey before any deadline (docs/PRODUCT.md#warnings-to-guardians-during-a-journey):
 * the phone went silent, or its battery is about to die. Used by the server's push and by the guardian's screens.
 */
export const JOURNEY_WARNING_TEXTS = {
  silenceTitle: (name: string): string => `No signal from ${name || 'your ward'}`,
  silenceBody: (name: string, since: string, journey: 'escort' | 'checkin'): string =>
    `Beacon has heard nothing from ${name || 'your ward'}’s phone since ${since} during their ${
      journey === 'escort' ? 'escort' : 'check-ins'
    }. Open Beacon to see their last position.`,
  lastGaspTitle: (name: string): string => `${name || 'Your ward'}’s phone is about to die`,
  lastGaspBody: (name: string, battery: number | null): string =>
    `${name || 'Your ward'}’s battery is at ${battery ?? '?'}% during a journey. Open Beacon to see where their phone last was.`,
} as const;
