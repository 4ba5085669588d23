/**
 * Texts of the Web Push opt-in (docs/PRODUCT.md#notifications): the card on Guardian Linking and the readiness
 * card's "Turn on notifications" on the dashboard. Their own small module, so the dashboard does not download the
 * Guardian Linking page's texts with its first screen (README, "Bundle budget").
 */
export const PUSH_OPT_IN_TEXTS = {
  label: 'Get alerts when Beacon is closed',
  description: 'A notification on this device when someone you guard raises an alert.',
  unsupported: 'This browser cannot show notifications while Beacon is closed.',
  denied: 'Notifications are blocked for Beacon. Allow them in your browser settings, then try again.',
  enabledTitle: 'Alerts turned on',
  enabled: 'This device will be notified when someone you guard raises an alert.',
  disabledTitle: 'Alerts turned off',
  failed: 'This browser could not set up alerts. Try again, or use another browser.',
} as const;
