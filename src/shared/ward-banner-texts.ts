/**
 * Texts of the guardian's calm picture (docs/PRODUCT.md#guardians-see-one-calm-picture): the one banner per ward,
 * "Seen", an alert's end ("<name> is safe"), and the ward's notice that a guardian declined their request. The
 * banner's texts download with the banner (ward-alert-banner.tsx), not with the first screen.
 */

/** The banner at the top of every signed-in screen, and an alert's state in the ward's card. */
export const WARD_BANNER_TEXTS = {
  /** How many earlier alerts of the same ward are still open behind the newest one. */
  earlierAlerts: (count: number): string => (count === 1 ? '+1 earlier alert' : `+${count} earlier alerts`),
  seen: 'Seen',
  markSeen: (name: string): string => `Mark the alert from ${name || 'your ward'} as seen`,
  seenAt: (time: string): string => `Seen ${time}`,
  seenFailed: 'Could not mark the alert as seen. Check your connection and try again.',
  stillActive: 'Still active',
  safeTitle: (name: string): string => `${name || 'Your ward'} is safe`,
  safeAt: (time: string): string => `Said “I’m safe” at ${time}`,
  resolved: 'Resolved',
  closeSafe: (name: string): string => `Close the notice that ${name || 'your ward'} is safe`,
} as const;

/** The ward's side when a guardian answers "Reject" (sent as a notification by the server). */
export const REQUEST_DECLINED_TEXTS = {
  title: 'Guardian request declined',
  message: (guardianName: string): string =>
    `${guardianName || 'The guardian'} declined your request. Ask them for a new invite code if this was a mistake.`,
  /** The ward's pending list keeps the declined request until they clear it. */
  declined: 'Declined your request',
  clear: (name: string): string => `Remove the declined request to ${name}`,
} as const;
