/**
 * Texts of the guardian's watch screen and the ward alert banners (docs/PRODUCT.md#guardians). Fixed wordings must
 * not change. Their own module so they download with those, not with the first screen (README, "Bundle budget");
 * the alert's title, which the first screen's notifications use too, is in guardian-ui-texts.ts.
 */
import { WARD_ALERT_TEXTS } from './guardian-ui-texts';

export const GUARDIAN_VIEW_TEXTS = {
  title: 'Guardian View',
  description: 'Live positions and alerts of the people you guard.',
  back: 'Back to Guardian Linking',
  empty: 'You are not guarding anyone yet.',
  emptyAction: 'Link with someone',
  loadFailed: 'The people you guard could not be loaded.',
  retry: 'Try Again',
  live: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  sharingOff: 'Location sharing is off',
  noPosition: 'No position yet',
  lastUpdated: (when: string): string => `Last updated ${when}`,
  /** The phone keeps finding itself at the same place. */
  stillHere: (checked: string): string => `Still at this place, checked ${checked}`,
  coordinates: (latitude: number, longitude: number): string =>
    `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`,
  accuracy: (metres: number): string => `±${Math.round(metres)} m`,
  battery: (percent: number): string => `Battery ${percent}%`,
  online: 'Online',
  offline: 'Offline',
  /** No position for WARD_ONLINE_WITHIN_MS, or the server warned of silence since the last one. */
  noRecentSignal: 'No recent signal',
  mapLabel: (name: string): string => `Map of ${name}'s position`,
  escortTitle: 'Escort Mode',
  checkInTitle: 'Safety Check-In',
  destination: (address: string): string => `To ${address}`,
  deadline: (time: string): string => `Deadline ${time}`,
  status: (status: string): string => `Status: ${status}`,
  alertsTitle: 'Alerts',
  /** The server answers the alerts of the last day since the link began, not only what this device saw. */
  noAlerts: 'No recent alerts.',
  alertBannerTitle: WARD_ALERT_TEXTS.title,
  raisedAt: (time: string): string => `Raised at ${time}`,
  /**
   * "Trigger: SOS button"; a detected alert's label says itself what raised it ("raised by a loud sound"), so it
   * stands on its own: "Raised by a loud sound".
   */
  trigger: (label: string): string =>
    label.startsWith('raised by ')
      ? `${label.charAt(0).toUpperCase()}${label.slice(1)}`
      : `Trigger: ${label}`,
  openMap: 'Open in Maps',
  /** The phone sent no position with the SOS, so it carries the last one Beacon held, taken at `time`. */
  openLastKnownMap: (time: string): string => `Last known location (${time}): Open in Maps`,
  locationUnknown: 'Location unknown',
  deliveriesTitle: 'Texts to emergency contacts',
  noDeliveries: 'No texts yet',
  deliveryStatus: {
    pending: 'Pending',
    sending: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    kept_in_dev_outbox: 'Not sent (dev outbox)',
    cancelled: 'Not sent (safe before it went out)',
  },
  viewWard: 'Open Guardian View',
} as const;
