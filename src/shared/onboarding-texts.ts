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
