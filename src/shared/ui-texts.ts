/**
 * Client screen texts (listed in docs/PRODUCT.md). Some wordings are fixed (see the notes below); the rest is
 * Beacon's own copy. Error and toast texts the server shares stay in texts.ts.
 */
import { APP_NAME, APP_VERSION } from './constants';

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

export type OnboardingSlideText = { title: string; description: string };

export const ONBOARDING_TEXTS = {
  slides: [
    {
      title: 'Emergency SOS',
      description: 'One tap sends your location to your trusted contacts when you need help.',
    },
    {
      title: 'Trusted Contacts',
      description: 'Keep the people who should be told in an emergency one tap away.',
    },
    {
      title: 'Location Tracking',
      description: 'Share your live location on a journey and let someone watch over you.',
    },
    {
      title: 'Safety First',
      description: 'Check-ins, escort mode and danger detection keep you covered wherever you go.',
    },
  ] satisfies OnboardingSlideText[],
  next: 'Next',
  skip: 'Skip',
  getStarted: 'Get Started',
  carouselLabel: 'Introduction to Beacon',
  slideLabel: (index: number, total: number): string => `Slide ${index} of ${total}`,
  goToSlide: (index: number): string => `Go to slide ${index}`,
} as const;

export const LOGIN_TEXTS = {
  loginTitle: `Login to ${APP_NAME}`,
  signUpTitle: `Create ${APP_NAME} Account`,
  loginDescription: 'Sign in to reach your safety tools.',
  signUpDescription: 'Create an account to start protecting yourself.',
  fullName: 'Full Name',
  email: 'Email',
  password: 'Password',
  login: 'Login',
  signUp: 'Sign Up',
  toSignUp: "Don't have an account? Sign up",
  toLogin: 'Already have an account? Login',
  forgotPassword: 'Forgot password?',
} as const;

export const RECOVERY_TEXTS = {
  title: 'Reset your password',
  description: "Enter your account's email and we'll send you a link to choose a new password.",
  send: 'Send Reset Link',
  sending: 'Sending...',
  sentTitle: 'Check your email',
  sentMessage: 'If an account exists for that address, a reset link is on its way.',
  newPasswordTitle: 'Choose a new password',
  newPasswordDescription: 'Enter a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  save: 'Update Password',
  saving: 'Updating...',
  mismatch: 'Passwords do not match',
  updatedTitle: 'Password updated',
  updatedMessage: 'You are signed in with your new password.',
  missingToken: 'This link is invalid or has expired.',
  backToLogin: 'Back to Login',
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
  notificationsWithCount: (count: number): string => `Notifications, ${count} unread`,
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
  checkIn: 'Safety Check-In',
  guardian: 'Guardian Linking',
  permissions: 'Permissions',
  settings: 'Settings',
} as const;

export const SYSTEM_READY_TEXTS = {
  title: 'System Ready',
  description: 'All safety features are active',
  gpsActive: 'GPS Active',
  gpsOff: 'GPS Off',
  connected: 'Connected',
  offline: 'Offline',
  battery: 'Battery',
  batteryLevel: (percent: number): string => `${percent}%`,
} as const;

export const CONTACTS_SLOT_TEXTS = {
  title: 'Emergency Contacts',
  description: 'The people Beacon alerts when you raise an SOS.',
} as const;

export const PLACEHOLDER_TEXTS = {
  laterWork: 'This screen arrives in a coming update of Beacon.',
  backHome: 'Back to Home',
} as const;

export const PERMISSIONS_TEXTS = {
  title: 'App Permissions',
  description: 'Beacon needs a few permissions to keep you safe.',
  location: 'Location',
  locationDescription: 'Share your position with contacts during an emergency.',
  notifications: 'Push Notifications',
  notificationsDescription: 'Receive safety alerts and check-in reminders.',
  camera: 'Camera',
  cameraDescription: 'Optional, for incident reporting.',
  required: 'Required',
  optional: 'Optional',
  enable: 'Enable',
  enableItem: (title: string): string => `Enable ${title}`,
  granted: 'Granted',
  continue: 'Continue',
  continueHint: 'Enable every required permission to continue.',
} as const;

export const NOT_FOUND_TEXTS = {
  code: '404',
  title: 'Oops! Page not found',
  returnHome: 'Return to Home',
  logMessage: '404 Error: User attempted to access non-existent route:',
} as const;

export const SUBSCRIPTION_TEXTS = {
  successTitle: 'Welcome to Premium!',
  successMessage: 'Your subscription is active. Every Beacon safety feature is unlocked for you.',
  goToDashboard: 'Go to Dashboard',
  sectionTitle: 'Subscription',
  sectionPlan: 'Premium',
  sectionMessage: 'All features are enabled for everyone.',
  paymentsDisabled: 'Payments are disabled, so there is nothing to buy or manage.',
  manage: 'Manage Subscription',
  premiumFeature: 'Premium Feature',
  premiumDescription: 'This feature is part of Beacon Premium.',
  upgrade: 'Upgrade to Premium',
  benefits: [
    'Unlimited emergency contacts',
    'Advanced AI danger detection',
    'Guardian monitoring',
    'Premium voice activation',
    'Priority support',
  ],
} as const;

export type SettingsSectionId =
  | 'how-it-works'
  | 'profile'
  | 'notifications'
  | 'privacy'
  | 'emergency'
  | 'preferences'
  | 'subscription'
  | 'about';

export type HowItWorksCardText = { title: string; description: string };

export const SETTINGS_TEXTS = {
  title: 'Settings',
  description: 'Manage your profile, alerts and preferences.',
  backToOverview: 'Back to settings',
  sections: {
    'how-it-works': { title: 'How It Works', description: 'What each safety feature does' },
    profile: { title: 'Profile', description: 'Your name, email and phone' },
    notifications: { title: 'Notifications', description: 'Alerts and reminders' },
    privacy: { title: 'Privacy & Security', description: 'Location sharing and your account' },
    emergency: { title: 'Emergency Settings', description: 'Contacts and check-ins' },
    preferences: { title: 'App Preferences', description: 'Theme and language' },
    subscription: { title: 'Subscription', description: 'All features are enabled' },
    about: { title: 'About', description: `Version ${APP_VERSION}` },
  } satisfies Record<SettingsSectionId, { title: string; description: string }>,
  howItWorks: [
    {
      title: 'Emergency SOS',
      description: 'Tap the SOS button to text your location to every emergency contact.',
    },
    {
      title: 'Shake Detection',
      description: 'A hard shake of your phone can raise an alert when AI Protection is on.',
    },
    {
      title: 'Voice Keywords',
      description: 'Say a keyword such as "help me" to trigger an alert hands-free.',
    },
    {
      title: 'Live Location',
      description: 'Share your live position during a journey so someone can follow you.',
    },
    {
      title: "Who You're Meeting",
      description: "Log who you're meeting, where and when, before you go.",
    },
    {
      title: 'Safety Map',
      description: 'Find nearby hospitals, police stations and safe public places.',
    },
  ] satisfies HowItWorksCardText[],
  profile: {
    fullName: 'Full Name',
    email: 'Email',
    phone: 'Phone Number',
    phonePlaceholder: '+1234567890',
    update: 'Update Profile',
    updating: 'Updating...',
  },
  notificationToggles: {
    emergencyAlerts: { label: 'Emergency Alerts', description: 'Alerts when an emergency is raised' },
    locationSharing: { label: 'Location Sharing', description: 'Tell me when my location is shared' },
    checkInReminders: { label: 'Check-in Reminders', description: 'Remind me when a check-in is due' },
  },
  privacyToggles: {
    shareLocation: {
      label: 'Share Location',
      description: 'Let my guardians and my share links see my live location',
    },
    emergencyContacts: {
      label: 'Emergency Contact Access',
      // What the switch does (docs/PRODUCT.md, "Emergency Contact Access"): contacts are texted either way.
      description:
        'Send my emergency contacts a live-tracking link with my SOS text. When off, they still get the text, without the link.',
    },
  },
  dangerZone: 'Danger Zone',
  dangerZoneDescription: 'Deleting your account removes your profile, contacts and history for good.',
  deleteAccount: 'Delete Account',
  manageContacts: 'Manage Emergency Contacts',
  configureCheckIns: 'Configure Check-ins',
  theme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  themeSystem: 'System',
  language: 'Language',
  languageValue: 'English (US)',
  version: 'Version',
  versionValue: APP_VERSION,
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  contactSupport: 'Contact Support',
  notAvailableYet: 'Not available yet',
  notAvailableYetMessage: 'This page is not part of this version of Beacon.',
  signOut: 'Sign Out',
} as const;

export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete Account',
  description:
    'This permanently deletes your account, profile, emergency contacts and history. This cannot be undone.',
  confirmLabel: 'Type DELETE to confirm',
  passwordLabel: 'Your password',
  confirm: 'Delete Account',
  deleting: 'Deleting...',
  deletedTitle: 'Account deleted',
  deletedMessage: 'Your account and its data have been removed.',
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
  phoneHint: 'Include the country code, e.g. +15551234567.',
  relationship: 'Relationship',
  cancel: 'Cancel',
  submitAdd: 'Add Contact',
  submitEdit: 'Update Contact',
  saving: 'Saving...',
  call: (name: string): string => `Call ${name}`,
  edit: (name: string): string => `Edit ${name}`,
  delete: (name: string): string => `Delete ${name}`,
  limited: (shown: number, total: number): string =>
    `Showing ${shown} of ${total} contacts. Premium shows them all.`,
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
  emergencyModeActive: 'Emergency Mode Active',
  emergencyModeDescription: 'Your emergency contacts are being alerted with your location.',
  activatedTitle: 'SOS Activated',
  activatedDescription: 'Your emergency contacts are being alerted.',
} as const;

/** The SOS activation dialog (docs/PRODUCT.md#sos-and-alerts); fixed wordings. */
export const SOS_COUNTDOWN_TEXTS = {
  title: 'Emergency SOS Activation',
  description:
    'Emergency services will be contacted and your location will be shared with emergency contacts in:',
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
  /** A fixed wording. */
  partialDescription: (unsent: number): string => `${unsent} numbers may need verification`,
  failedTitle: 'Emergency Alert Failed',
  /** A development server without an SMS provider: nobody was texted. */
  keptTitle: 'Alert kept in the dev outbox',
  keptDescription: 'No text was sent: this development server has no SMS provider.',
  failedDescription: 'No text has reached your contacts yet. Please try calling 911 directly.',
  errorTitle: 'Error Sending Alert',
  /** A fixed wording. */
  errorDescription: 'Failed to send emergency notifications. Please try calling 911 directly.',
  queuedTitle: 'Emergency alert saved',
  queuedDescription: 'It will be sent to your contacts as soon as you are back online.',
  queuedSentTitle: 'Saved emergency alert sent',
} as const;

/** The offline SMS flow (docs/PRODUCT.md#offline-sos): fixed titles and messages. */
export const OFFLINE_SMS_TEXTS = {
  onlineFailedTitle: 'Online SMS Failed',
  onlineFailedDescription: 'Opening your messaging app with your emergency contacts filled in.',
  smsFailedTitle: 'Emergency SMS Failed',
  nativeUnavailable: 'Native SMS not available on this platform',
  noOfflineContacts: 'No emergency contacts stored offline',
  smsNotAvailableTitle: 'SMS Not Available',
  noSmsCapability: 'No SMS capability available',
  textContacts: 'Text your contacts from your phone',
} as const;

/** The per-contact delivery panel shown after an alert. */
export const DELIVERY_TEXTS = {
  title: 'Who got your alert',
  queuedTitle: 'Alert waiting for a connection',
  queuedDescription: 'Beacon sends it automatically when you are back online.',
  sendNow: 'Try sending now',
  dismiss: 'Dismiss',
  status: {
    pending: 'Retrying',
    sending: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    kept_in_dev_outbox: 'Not sent (dev outbox)',
  },
  heldBack: 'Held back',
  unknownRecipient: 'Unknown contact',
} as const;

/** In-app notifications for alert outcomes (composed in app/). */
export const ALERT_NOTIFICATION_TEXTS = {
  sentMessage: (total: number): string => `Your alert reached all ${total} of your emergency contacts.`,
  partialMessage: (sent: number, total: number): string =>
    `Your alert reached ${sent} of ${total} emergency contacts. Check the numbers that were not texted.`,
  failedMessage: 'Your alert did not reach any emergency contact. Call 911 if you need help.',
  queuedMessage: 'You were offline. Your alert is saved and will be sent when the connection returns.',
} as const;

/** The dev SMS outbox page (/outbox). */
export const DEV_OUTBOX_TEXTS = {
  title: 'Sent texts (dev outbox)',
  description: 'Texts Beacon "sent" while no SMS provider is configured, newest first.',
  link: 'Sent texts (dev outbox)',
  refresh: 'Refresh',
  empty: 'No texts sent yet',
  to: 'To',
  // The server answers 404 both when a real provider sends the texts and when this device is not the computer
  // running Beacon (the outbox answers only there): the text must be true in both cases.
  unavailable:
    'No dev outbox here: either a real SMS provider sends the texts, or this device is not the computer running Beacon.',
  loadFailed: 'The outbox could not be loaded.',
} as const;
