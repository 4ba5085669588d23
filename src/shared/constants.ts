/** Business constants and limits from the spec (document 1 §9, document 2 §9). One home for every number. */

export const APP_NAME = 'Beacon';
export const APP_VERSION = '1.0.0';
export const THEME_STORAGE_KEY = 'beacon-ui-theme';

export const SPLASH_DELAY_MS = 3000;
export const FREE_TIER_CONTACT_LIMIT = 2;

export const LIMITS = {
  contactName: { min: 2, max: 100 },
  relationship: { min: 2, max: 50 },
  phone: { min: 7, max: 15 },
  emergencyMessage: { max: 500 },
  email: { max: 255 },
  fullName: { min: 2, max: 100 },
  password: { min: 8, max: 256 },
  address: { min: 5, max: 200 },
  checkInNotes: { max: 500 },
  alertNotes: { max: 1000 },
} as const;

export const INVITE_CODE = {
  length: 8,
  alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ttlHours: 24,
} as const;

export const NOTIFICATION_BADGE_CAP = 9;
export const NOTIFICATION_TOAST_MS = 2000;

export const SOS = {
  countdownSeconds: 10,
  tickMs: 1000,
  bannerOnSosPageMs: 10_000,
  bannerOnDashboardMs: 5000,
  pressedAnimationMs: 500,
  locationTimeoutMs: 5000,
} as const;

export const DEFAULT_COUNTRY_PREFIX = '+1';
export const EMERGENCY_NUMBER = '911';
export const COPY_FEEDBACK_MS = 2000;
export const SHARE_LINK_TTL_HOURS = 24;

export const DEFAULT_BATTERY_PERCENT = 85;
export const LOW_BATTERY_PERCENT = 20;

export const AUTH = {
  refreshCheckIntervalMs: 30_000,
  /** Refresh when the access token has less than this left. */
  refreshLeewaySeconds: 120,
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlDays: 30,
} as const;

export const REALTIME = {
  heartbeatMs: 25_000,
  reconnectBackoffMs: [1000, 2000, 5000, 10_000],
} as const;

export const RELATIONSHIP_CHOICES = [
  'Emergency Contact',
  'Family',
  'Friend',
  'Spouse',
  'Partner',
  'Parent',
  'Sibling',
  'Colleague',
  'Other',
] as const;

/** Sine tones (document 1 §9). Frequencies in Hz, durations in ms. */
export const SOUNDS = {
  countdownBeep: { frequency: 1000, durationMs: 150, volume: 0.4 },
  emergencyAlert: [
    { frequency: 1500, durationMs: 300, volume: 0.6, delayMs: 0 },
    { frequency: 1200, durationMs: 300, volume: 0.6, delayMs: 350 },
  ],
  click: { frequency: 600, durationMs: 100, volume: 0.2 },
  toggleOn: { frequency: 800, durationMs: 120, volume: 0.25 },
  toggleOff: { frequency: 400, durationMs: 120, volume: 0.25 },
  defaultBeep: { frequency: 800, durationMs: 200, volume: 0.3 },
} as const;

export const ESCORT = { minMinutes: 5, maxMinutes: 180, defaultMinutes: 30, warningSeconds: 300 } as const;
export const CHECK_IN = { minMinutes: 5, maxMinutes: 120, defaultMinutes: 30 } as const;

export const MAP = {
  defaultCenter: [39.8283, -98.5795] as const,
  defaultZoom: 13,
  maxZoom: 19,
  firstFixZoom: 15,
} as const;

/**
 * Field-name fragments the logger must redact (document 1 §8). A field is redacted when its name contains any of
 * these, case-insensitively.
 */
export const SENSITIVE_FIELD_FRAGMENTS = [
  'password',
  'token',
  'secret',
  'key',
  'auth',
  'authorization',
  'phone',
  'email',
  'location',
  'coordinates',
  'lat',
  'lng',
  'latitude',
  'longitude',
] as const;
