/**
 * Client screen texts (listed in docs/PRODUCT.md) of what loads first: the shell, the dashboard, /sos and the
 * splash and error screens. Some wordings are fixed (see the notes below); the rest is Beacon's own copy. Error
 * and toast texts the server shares stay in texts.ts. Screens that load on demand have their own module
 * (sign-in-texts.ts, onboarding-texts.ts, settings-texts.ts, dev-outbox-texts.ts), so their texts are not in the
 * first download (README, "Bundle budget").
 */
import { APP_NAME } from './constants';

export const COMMON_TEXTS = {
  loading: 'Loading...',
  cancel: 'Cancel',
  close: 'Close',
  back: 'Back',
  optional: '(optional)',
  networkError: 'Cannot reach Beacon. Check your connection and try again.',
  unexpectedResponse: 'Something went wrong. Please try again.',
} as const;

export const SPLASH_TEXTS = {
  tagline: 'Your personal safety companion',
} as const;

export const DASHBOARD_TEXTS = {
  backendTitle: 'Backend Configuration Required',
  backendMessage:
    'Beacon cannot reach its server. Please ensure the server is running and its environment variables are set.',
  retry: 'Try Again',
  /** A signed-in person whose server fails keeps the dashboard and the SOS, with this notice (docs/PRODUCT.md). */
  serverUnavailableTitle: "Beacon's server can't be reached",
  serverUnavailableMessage:
    'SOS still works: it opens your messaging app with your saved contacts, and Beacon sends the alert when the server is back.',
  openMenu: 'Open menu',
  menuTitle: 'Menu',
  notifications: 'Notifications',
  /** `count` as the badge shows it ("9+"), so the name holds the visible text (WCAG 2.5.3). */
  notificationsWithCount: (count: string): string => `Notifications, ${count} unread`,
  switchToDark: 'Switch to dark theme',
  switchToLight: 'Switch to light theme',
  openSettings: 'Open settings',
  mainNavigation: 'Main navigation',
} as const;

export const NAV_TEXTS = {
  location: 'Location',
  driving: 'Driving',
  safety: 'Safety',
  membership: 'Membership',
  home: 'Home',
  sos: 'Emergency SOS',
  escort: 'Escort Mode',
  checkin: 'Safety Check-In',
  safetyMap: 'Safety Map',
  guardian: 'Guardian Linking',
  permissions: 'Permissions',
  settings: 'Settings',
} as const;

export const CONTACTS_SLOT_TEXTS = {
  title: 'Emergency Contacts',
  description: 'The people Beacon alerts when you raise an SOS.',
} as const;

export const PLACEHOLDER_TEXTS = {
  backHome: 'Back to Home',
} as const;

export const NOT_FOUND_TEXTS = {
  code: '404',
  title: 'Oops! Page not found',
  returnHome: 'Return to Home',
  logMessage: '404 Error: User attempted to access non-existent route:',
} as const;

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  description: 'Alerts and updates from Beacon.',
  markAllRead: 'Mark all as read',
  empty: 'No notifications yet',
  delete: (title: string): string => `Delete notification: ${title}`,
  unread: 'Unread',
  justNow: 'Just now',
  minutesAgo: (minutes: number): string => `${minutes} min ago`,
  hoursAgo: (hours: number): string => `${hours} h ago`,
  seedWelcomeTitle: `Welcome to ${APP_NAME}`,
  seedWelcomeMessage: 'Your safety companion is ready. Stay safe!',
  seedContactsTitle: 'Add Emergency Contacts',
  seedContactsMessage: 'Add trusted contacts so they can be alerted in an emergency.',
} as const;

/** The Emergency Contacts card and add/edit dialog (docs/PRODUCT.md#emergency-contacts). Toasts: TOASTS. */
export const CONTACTS_TEXTS = {
  /** The last texts to this contact's number all failed (docs/decisions/045-safety-network-drill.md). */
  textsFailing: (count: number, reason: string, when: string): string =>
    `Texts to this number keep failing (last ${count}, latest ${when}): ${reason}`,
  title: 'Emergency Contacts',
  description: 'The people Beacon texts when you raise an SOS.',
  addButton: 'Add emergency contact',
  empty: 'No emergency contacts added yet',
  addFirst: 'Add First Contact',
  addTitle: 'Add Emergency Contact',
  editTitle: 'Edit Contact',
  dialogDescription: 'Beacon texts this person your location when you raise an SOS.',
  name: 'Name',
  namePlaceholder: 'Jane Doe',
  phone: 'Phone Number',
  phonePlaceholder: '+15551234567',
  phoneHint:
    'Include the country code (+44 7400 123456); a number without one is read as a US or Canada number.',
  relationship: 'Relationship',
  cancel: 'Cancel',
  submitAdd: 'Add Contact',
  submitEdit: 'Update Contact',
  saving: 'Saving...',
  call: (name: string): string => `Call ${name}`,
  edit: (name: string): string => `Edit ${name}`,
  delete: (name: string): string => `Delete ${name}`,
  limited: (shown: number, total: number): string =>
    `Showing ${shown} of ${total} ${total === 1 ? 'contact' : 'contacts'}. Premium shows them all.`,
  offlineCopy: "Beacon's server can't be reached: these are the contacts saved on this device.",
  loadFailed: 'Your contacts could not be loaded.',
  retry: 'Try Again',
} as const;

/** The SOS page (docs/PRODUCT.md#sos-page) and the dashboard's SOS button. */
export const SOS_TEXTS = {
  pageTitle: 'Emergency SOS',
  pageDescription: 'Tap SOS and your emergency contacts get a text with your location.',
  dashboardTitle: 'Emergency SOS',
  dashboardDescription: 'Your emergency contacts get a text with your location.',
  button: 'SOS',
  offline: 'Offline',
  activated: 'Activated',
  sending: 'Sending...',
  /** Read by screen readers after the button's name; the visible instructions say the same. */
  buttonHint: 'Tap once to start a 10-second countdown that you can cancel.',
  call911: 'Call 911',
  quickMessagesTitle: 'Quick Messages',
  quickMessagesDescription: 'Text a short message and your location to every emergency contact.',
  quickMessages: [
    'I need help. Please call me now.',
    "I'm being followed. Please check on me.",
    "I don't feel safe. Please come to my location.",
  ],
  quickMessageConfirmTitle: 'Send this message?',
  quickMessageConfirmDescription: (count: number | undefined): string =>
    count === undefined
      ? 'Beacon will text this message and your location to your emergency contacts:'
      : `Beacon will text this message and your location to your ${count} emergency ${count === 1 ? 'contact' : 'contacts'}:`,
  sendMessage: 'Send Message',
  quickMessageCancel: 'Cancel',
  contactsTitle: 'Your Emergency Contacts',
  noContacts: 'No emergency contacts added yet',
  addContact: 'Add Contact',
  instructionsTitle: 'How SOS works',
  /** Single tap, not hold (see the comment on the SOS button for why). */
  instructions: [
    'Tap the SOS button once. A 10-second countdown starts.',
    'Tapped by mistake? Press "Cancel Emergency" before it reaches 0.',
    'At 0, every emergency contact gets a text with your location. No signal? Your messaging app opens instead.',
  ],
  cancelled: 'SOS Cancelled',
  cancelledDescription: 'No alert was sent.',
} as const;

/**
 * The SOS activation dialog (docs/PRODUCT.md#sos-and-alerts). The description says only what happens: Beacon
 * texts the contacts and calls nobody, so it never says emergency services will be contacted; the dialog
 * offers Call 911 instead.
 */
export const SOS_COUNTDOWN_TEXTS = {
  title: 'Emergency SOS Activation',
  description: 'Your emergency contacts will get a text with your location in:',
  secondsRemaining: 'seconds remaining',
  cancel: 'Cancel Emergency',
  hint: 'Press "Cancel Emergency" to stop the countdown',
} as const;

/**
 * What an alert achieved (docs/PRODUCT.md#sos-and-alerts). Titles are fixed; descriptions are Beacon's own
 * unless noted.
 */
export const ALERT_OUTCOME_TEXTS = {
  sentTitle: 'Emergency Alert Sent',
  sentDescription: (total: number): string =>
    total === 1 ? 'Your emergency contact was texted.' : `All ${total} emergency contacts were texted.`,
  partialTitle: 'Partial Emergency Alert Sent',
  /** Count-aware ("1 number may need verification"). */
  partialDescription: (unsent: number): string =>
    unsent === 1 ? '1 number may need verification' : `${unsent} numbers may need verification`,
  failedTitle: 'Emergency Alert Failed',
  /** A development server without an SMS provider: nobody was texted. */
  keptTitle: 'Alert kept in the dev outbox',
  keptDescription: 'No text was sent: this development server has no SMS provider.',
  failedDescription: 'No text has reached your contacts yet. Please try calling 911 directly.',
  /** The server refused the SOS (a 4xx other than 401 and 429): said with its reason and the messaging app. */
  errorTitle: 'Beacon did not send your alert',
  /** The reason when a refusal carries no message of the server's. */
  errorDescription: 'Failed to send emergency notifications. Please try calling 911 directly.',
  queuedTitle: 'Emergency alert saved',
  /** A saved alert the server refused when it was sent later: told wherever the person is, with the messaging app. */
  replayRefusedTitle: 'Beacon did not send your saved alert',
  textContactsAction: 'Text contacts',
} as const;

/** In-app notifications for alert outcomes (composed in app/). */
export const ALERT_NOTIFICATION_TEXTS = {
  sentMessage: (total: number): string =>
    total === 1
      ? 'Your alert reached your emergency contact.'
      : `Your alert reached all ${total} of your emergency contacts.`,
  partialMessage: (sent: number, total: number): string =>
    `Your alert reached ${sent} of ${total} emergency contacts. ${
      total - sent === 1 ? 'Check the number that was not texted.' : 'Check the numbers that were not texted.'
    }`,
  failedMessage: 'Your alert did not reach any emergency contact. Call 911 if you need help.',
  queuedMessage: 'Your alert is saved on this phone. Beacon sends it the moment it reaches the server.',
} as const;
