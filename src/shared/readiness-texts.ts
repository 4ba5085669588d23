/**
 * Texts of the dashboard's readiness card and of the first run's permissions offer (docs/PRODUCT.md#dashboard),
 * both loaded right after the dashboard has shown, so their words are not in the first download (README, "Bundle
 * budget"). Count-aware wherever a number is shown.
 */
import { READINESS_CHECKING } from './dashboard-texts';

/** "1 thing", "2 things": the plural follows the count. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The System Ready card tells the truth: "System Ready" only when nothing is missing; otherwise each missing piece
 * with the one step that fixes it.
 */
export const READINESS_TEXTS = {
  notReadyTitle: 'Not Ready Yet',
  notReadyDescription: (count: number): string =>
    `${countOf(count, 'thing needs', 'things need')} your attention before an SOS can do its job.`,
  noContacts: 'No emergency contacts: an SOS has nobody to text.',
  addContact: 'Add a contact',
  locationNotAllowed: 'Location is not allowed: your SOS text may go out without your position.',
  allowLocation: 'Allow location',
  locationBlocked: 'Location is blocked in this browser: your SOS text may go out without your position.',
  unblockLocation: 'How to unblock location',
  noFix: 'No GPS position yet: your SOS text may go out without your position.',
  retryLocation: 'Try again',
  locationUnsupported: 'This browser cannot share your location: your SOS text will have no position.',
  notificationsOff: 'Notifications are off: Beacon cannot alert you while it is closed.',
  allowNotifications: 'Turn on notifications',
  notificationsBlocked: 'Notifications are blocked in this browser.',
  unblockNotifications: 'How to unblock notifications',
  batteryLow: (percent: number): string =>
    `Battery at ${percent}%: charge your phone so it lasts if you need help.`,
  offline:
    'No connection: an SOS opens your messaging app, and Beacon sends the alert once you are back online.',
  batteryUnknown: 'Unknown',
  checking: READINESS_CHECKING,
} as const;

/** The readiness card when nothing is missing, and its GPS, connection and battery lines. */
export const SYSTEM_READY_TEXTS = {
  title: 'System Ready',
  description: 'All safety features are active',
  gpsActive: 'GPS Active',
  gpsOff: 'GPS Off',
  connected: 'Connected',
  offline: 'Offline',
  /** Shown instead of title/description while the phone is online but Beacon's server does not answer. */
  serverUnreachableTitle: 'Server Unreachable',
  serverUnreachableDescription:
    'SOS opens your messaging app; Beacon sends the alert when the server is back',
  serverUnreachable: 'No Server',
  battery: 'Battery',
  batteryLevel: (percent: number): string => `${percent}%`,
} as const;

/** What a brand-new account sees once on the dashboard, right after sign-up. */
export const FIRST_RUN_TEXTS = {
  title: 'Welcome to Beacon',
  description:
    'Allow location so your SOS text carries your position, and notifications so Beacon can alert you while it is closed.',
  setUp: 'Set up permissions',
  notNow: 'Not now',
} as const;
