/**
 * The words of the location screens loaded on demand: the Your Location dialog (docs/PRODUCT.md#your-location-dialog)
 * and the tracking failures shown where the tracked position is shown (docs/PRODUCT.md#live-location-and-share-links).
 * The messages of the location errors: "Geolocation" (one fix) and "Tracking" (the live watch).
 */
import { LOCATION_DIALOG } from './constants';

export const LOCATION_DIALOG_TEXTS = {
  title: 'Your Location',
  description: 'Your current position as this device reports it.',
  getLocation: 'Get Current Location',
  getting: 'Getting Precise Location...',
  latitude: 'Latitude',
  longitude: 'Longitude',
  accuracy: 'Accuracy',
  /** Metres, rounded. */
  accuracyValue: (meters: number) => `±${Math.round(meters)} m`,
  /** The browser gave no usable accuracy. */
  accuracyUnknown: '—',
  /** Before any fix: the location is not known, and nothing is made up. */
  unknown: 'Location unknown',
  unknownHint: 'Tap Get Current Location to find where you are.',
  /** Accuracy worse than LOCATION_DIALOG.accuracyWarningMeters. */
  lowAccuracy: `Accuracy is worse than ${LOCATION_DIALOG.accuracyWarningMeters} m. For better accuracy, be outdoors with a clear sky view.`,
  mapLabel: 'Map of your current location',
  markerLabel: 'You are here',
} as const;

/** Geolocation: one fix failed (the location dialog). */
export const GEOLOCATION_ERROR_TEXTS = {
  denied: 'Location access denied. Please enable location permissions and try again.',
  unavailable: 'Location information unavailable. Try moving to an area with better GPS signal.',
  timeout: 'Location request timed out. Please try again.',
  failed: 'Failed to get location.',
  notSupported: 'Geolocation is not supported by this browser.',
} as const;

/** Tracking: failures of the live position watch. */
export const TRACKING_ERROR_TEXTS = {
  denied: 'Location access denied. Please enable location permissions.',
  unavailable: 'Location unavailable. Check GPS settings.',
  timeout: 'Location request timed out. Trying again...',
  /** The browser's recorded permission is "denied" (no watch can start). */
  permissionDenied: 'Location permission denied. Please enable location access in your device settings.',
  notSupported: 'Geolocation not supported in this browser.',
} as const;
