/**
 * Texts of the escort screens (docs/PRODUCT.md#escort-mode): the Escort Mode dialog, the /map page, and the line
 * the active-alert screen adds when a journey's deadline raised the alert. Their own module so they download
 * with those screens, not with the first one. The validation messages are the API's (journey-texts.ts), which
 * the setup form shows under its fields.
 */
import { ESCORT } from './constants';

export const ESCORT_TEXTS = {
  title: 'Escort Mode',
  description: 'A timed journey your contacts and guardians can rely on.',
  destination: 'Destination',
  destinationPlaceholder: 'Where are you going?',
  duration: 'Estimated Duration (minutes)',
  howItWorksTitle: 'How Escort Mode Works',
  /** Each line is what Beacon does (the server keeps the deadline; the phone records only while Beacon is on screen). */
  howItWorks: [
    'Beacon keeps your deadline on its server, so it holds even if your phone dies or goes offline.',
    `Your position is added to the route every ${ESCORT.positionIntervalMs / 1000} seconds while the escort is active.`,
    'Your guardians see the escort, its deadline and your route live.',
    'Five minutes before the deadline your phone is reminded. If you have not said you are safe when the time runs out, Beacon asks "Are you safe?" and, once your last chance has passed (2 minutes unless you change it in Emergency Settings), raises an emergency alert: your contacts are texted your last known position (and your live tracking link while location sharing is on) and your guardians are told.',
    'Guardian Video Monitoring: record at any time; if the deadline passes, Beacon starts recording again by itself while it is open on screen. Each second goes to the server as it is recorded.',
    "Tap I'm Safe when you arrive. Need longer? Add time before the deadline.",
  ],
  start: 'Start Escort Mode',
  starting: 'Starting…',
  gpsNotAvailableTitle: 'GPS Not Available',
  gpsNotAvailable: 'Your device does not support GPS tracking.',
  locationRequiredTitle: 'Location Required',
  locationRequired: 'Please enable GPS to start escort mode.',
  /** With the server's refusal of an escort nobody would hear about (ESCORT_API_TEXTS.needsSomeoneToTell). */
  addContacts: 'Add emergency contacts',
  loadFailed: 'Your escort could not be loaded. Check your connection and try again.',
  startedTitle: 'Escort Mode Active',
  startedDescription: (destination: string): string => `Tracking your journey to ${destination}.`,

  // Active view
  timeRemaining: 'Time Remaining',
  status: 'Status',
  trackingActive: 'Tracking Active',
  trackingOff: 'Tracking Off',
  emergencyAlert: 'EMERGENCY ALERT',
  /** The countdown reached 0: the server decides, and the screen says it is waiting for it. */
  waitingForServer: 'Time is up. Waiting for the server…',
  /** The deadline passed and nobody could be told. */
  timeExpiredNoContacts: 'TIME EXPIRED! No emergency contacts configured.',
  expiredWithAlert: 'Your time ran out: your emergency contacts are being alerted.',
  timeWarningTitle: 'Time Warning',
  timeWarning: `Less than ${ESCORT.warningSeconds / 60} minutes left. Add time or tap I'm Safe when you arrive.`,
  routeMapLabel: 'Map of your escort route',
  currentLocation: 'Current Location',
  locationUnknown: 'Location unknown: no GPS reading yet.',
  accuracy: (metres: number): string => `±${Math.round(metres)} m`,
  lastUpdated: (when: string): string => `Last updated ${when}`,
  speed: (kmh: string): string => `${kmh} km/h`,
  speedLabel: 'Speed',
  headingLabel: 'Heading',
  heading: (degrees: number): string => `${Math.round(degrees)}°`,
  unknownValue: '—',
  refreshLocation: 'Refresh location',
  contactsTitle: 'Emergency Contacts',
  showSafetyMap: 'Show Safety Map',
  hideSafetyMap: 'Hide Safety Map',
  addTimeTitle: 'Add time',
  addMinutes: (minutes: number): string => `+${minutes} min`,
  timeAddedTitle: 'Time added',
  timeAdded: (minutes: number): string => `${minutes} minutes were added to your escort.`,
  imSafe: "I'm Safe - Stop Tracking",
  cancel: 'Cancel Escort Mode',
  /** After the deadline fired: the escort is over; this opens the setup for a new one. */
  startOver: 'Start a new escort',
  stopping: 'Stopping…',
  stoppedTitle: 'Tracking Stopped',
  stopped: 'You are marked safe. Your escort has ended.',
  gpsErrorTitle: 'GPS Error',
  gpsError: (cause: string): string => `Unable to track your location. ${cause}`,
  gpsCause: {
    denied: 'Location permission denied.',
    unavailable: 'Location unavailable. Check GPS settings.',
    timeout: 'Location request timed out.',
    other: 'Please check GPS settings.',
  },

  // The /map page
  pageTitle: 'Escort Mode',
  back: 'Back to dashboard',
  countdownBadgeSuffix: ' left',
} as const;

/** The active-alert screen's reason line for alerts the server raised from a journey's deadline. */
export const JOURNEY_ALERT_CAUSE_TEXTS = {
  escortTitle: 'EMERGENCY ALERT',
  escortLine: 'Your escort timer ran out before you said you were safe.',
  escortDestination: (destination: string): string => `You were on your way to ${destination}.`,
  checkInTitle: 'Check-in Expired',
  checkInLine: 'A check-in was missed, so your emergency contacts were alerted.',
} as const;
