/**
 * Web Push texts the server sends and the client shows. Their own module, so the first download, which imports
 * texts.ts, does not carry them (README, "Bundle budget").
 */
/** What a guardian's device shows when their ward raises an alert. */
export const PUSH_TEXTS = {
  alertTitle: (wardName: string): string => `Emergency alert from ${wardName || 'your ward'}`,
  alertBody: (wardName: string): string =>
    `${wardName || 'Your ward'} raised an emergency alert. Open Beacon to see where they are.`,
  /** The duress alert (docs/decisions/042-safety-pin-and-duress.md): the phone shows the alert cancelled. */
  duressBody: (wardName: string): string =>
    `${wardName || 'Your ward'} entered their duress PIN: they may be forced to cancel. Do not call or text their phone. Open Beacon to see where they are.`,
  invalidSubscription: 'This push subscription is not valid.',
  subscriptionTaken:
    'This browser’s alerts are registered to another Beacon account. Switch alerts on again to register them for yours.',
} as const;
