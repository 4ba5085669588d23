/**
 * Texts of the settings dialog, account deletion and the subscription screens (docs/PRODUCT.md). Their own module
 * so they download with those screens, not with the first screen (README, "Bundle budget").
 */
import { APP_VERSION } from './constants';
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
    notifications: { title: 'Notifications', description: 'Alerts when Beacon is closed' },
    privacy: { title: 'Privacy & Security', description: 'Location sharing and your account' },
    emergency: {
      title: 'Emergency Settings',
      description: 'Your contacts, your last chance, when nobody answers, and your safety PIN',
    },
    preferences: { title: 'App Preferences', description: 'Theme and language' },
    subscription: { title: 'Subscription', description: 'All features are enabled' },
    about: { title: 'About', description: `Version ${APP_VERSION}` },
  } satisfies Record<SettingsSectionId, { title: string; description: string }>,
  /** Only what Beacon does (docs/PRODUCT.md#not-built-yet); not every feature has a card. */
  howItWorks: [
    {
      title: 'Emergency SOS',
      description:
        'Tap the SOS button: after a 10-second countdown you can cancel, every emergency contact gets a text with your location.',
    },
    {
      title: 'No Signal',
      description:
        'Offline, SOS opens your messaging app with your contacts filled in, and Beacon sends the alert once you are back online.',
    },
    {
      title: 'Live Location',
      description: 'Share a link that shows your live position until it expires or you revoke it.',
    },
    {
      title: 'Guardians',
      description: 'Link a guardian with an invite code: they see your live position and your alerts.',
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

export const SUBSCRIPTION_TEXTS = {
  successTitle: 'Welcome to Premium!',
  successMessage: 'Your subscription is active. Every Beacon safety feature is unlocked for you.',
  goToDashboard: 'Go to Dashboard',
  /** /subscription-success for a visitor who is not signed in: no account, so no subscription to speak of. */
  signedOutTitle: 'No subscription needed',
  signedOutMessage:
    'Beacon has nothing to buy: every safety feature comes with every account. Sign in, or create an account, to use them.',
  signIn: 'Sign In',
  createAccount: 'Create Account',
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

/** Emergency Settings' "Test my safety network" row; the screen's words load with it (drill-screen-texts.ts). */
export const DRILL_ROW_TEXTS = {
  title: 'Test my safety network',
  description: 'Send a TEST alert and see who gets it',
} as const;
