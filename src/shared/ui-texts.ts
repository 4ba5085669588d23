/**
 * Client screen texts. Where the spec fixes a wording (document 1 §2, §8) it is copied verbatim; the rest is
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
    shareLocation: { label: 'Share Location', description: 'Include my location in alerts' },
    emergencyContacts: {
      label: 'Emergency Contact Access',
      description: 'Let my emergency contacts receive my alerts',
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
