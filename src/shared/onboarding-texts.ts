/**
 * Texts of the onboarding carousel and the permissions screen (docs/PRODUCT.md). Their own module so they
 * download with those screens, not with the first screen (README, "Bundle budget").
 */
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
      description: 'Share your live location through a link, and let your guardians watch over you.',
    },
    {
      title: 'Safety First',
      description:
        'A 10-second countdown you can cancel guards against a mistaken SOS, and Call 911 is always one tap away.',
    },
  ] satisfies OnboardingSlideText[],
  next: 'Next',
  skip: 'Skip',
  getStarted: 'Get Started',
  carouselLabel: 'Introduction to Beacon',
  slideLabel: (index: number, total: number): string => `Slide ${index} of ${total}`,
  goToSlide: (index: number): string => `Go to slide ${index}`,
} as const;

export const PERMISSIONS_TEXTS = {
  title: 'App Permissions',
  description: 'Beacon works best with these. You can go on without them and allow them later.',
  location: 'Location',
  locationDescription: 'Your SOS text carries your position, and your guardians and share links can see it.',
  notifications: 'Push Notifications',
  notificationsDescription:
    'Beacon can alert you, for example when someone you guard raises an SOS, while it is closed.',
  camera: 'Camera',
  cameraDescription: 'Emergency recordings film what happens during an SOS or an escort.',
  microphone: 'Microphone',
  microphoneDescription:
    'Emergency recordings have sound, and AI Protection can listen for a loud sound or your words for help.',
  motion: 'Motion Sensors',
  motionDescription: 'AI Protection can raise an alert when your phone is shaken hard.',
  required: 'Required',
  optional: 'Optional',
  enable: 'Enable',
  enableItem: (title: string): string => `Enable ${title}`,
  granted: 'Allowed',
  notAsked: 'Not allowed yet',
  blocked: 'Blocked',
  unsupported: 'Not available in this browser',
  /** Motion readings that need no permission (browsers other than iOS Safari). */
  notNeeded: 'No permission needed',
  notNeededHelp: 'This browser gives Beacon motion readings without asking.',
  noMotionSensor:
    'This browser has no motion sensor (computers rarely do), so shake detection cannot work here.',
  /** How to re-allow a permission the person refused: browsers never ask a second time. */
  blockedHelp: (title: string): string =>
    `Your browser will not ask again. To allow ${title}: open this site's settings (the icon to the left of the address bar), set ${title} to Allow, then come back here.`,
  blockedHelpPhone:
    "On a phone, also check that the browser itself may use it (the phone's Settings, then Apps or Privacy).",
  continue: 'Continue',
  continueHint: 'You can go on now: the dashboard shows what is still missing, with a way to fix it.',
} as const;
