/** Every fixed user-facing text (docs/PRODUCT.md). UI and server import from here; never inline these. */
import {
  ALERT_LIMITS,
  APP_NAME,
  DRILL,
  EMERGENCY_NUMBER,
  EMERGENCY_SMS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LOCATION_LIMITS,
  MAX_EMERGENCY_CONTACTS,
  SMS_CAPS,
  type ALERT_TRIGGER_TYPES,
} from './constants';

/** " characters", or " character" for 1: units are given in the plural. */
function unitFor(count: number, unit: string | null): string {
  if (!unit) return '';
  return ` ${count === 1 ? unit.replace(/s$/, '') : unit}`;
}

export const VALIDATION = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be less than 100 characters',
  fullNameInvalid: 'Full name contains invalid characters',
  invalidEmail: 'Invalid email address',
  emailTooLong: 'Email must be less than 255 characters',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  nameInvalid: 'Name contains invalid characters',
  relationshipTooShort: 'Relationship must be at least 2 characters',
  relationshipTooLong: 'Relationship must be less than 50 characters',
  relationshipInvalid: 'Relationship contains invalid characters',
  phoneFormat: 'Phone number must be in E.164 format (+1234567890)',
  phoneTooShort: 'Phone number must be at least 7 digits',
  phoneTooLong: 'Phone number must be at most 15 digits',
  messageEmpty: 'Message cannot be empty',
  messageTooLong: 'Emergency message must be less than 500 characters',
  invalidContent: 'Invalid content detected',
  requiredFields: 'Please fill in all required fields',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  enterFullName: 'Please enter your full name',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  accuracyPositive: 'Accuracy must be positive',
  speedPositive: 'Speed must be positive',
  headingRange: 'Heading must be between 0 and 360',
  addressTooShort: 'Address must be at least 5 characters',
  addressTooLong: 'Address must be less than 200 characters',
  addressInvalid: 'Address contains invalid characters',
  checkInNotesTooLong: 'Notes must be less than 500 characters',
  alertNotesTooLong: 'Notes must be less than 1000 characters',
  inviteCodeBlank: 'Please enter a valid invite code.',
  invalidRequest: 'The request is not valid.',
  contactPatchEmpty: 'Send at least one of name, phone or relationship',
  altitudeFinite: 'Altitude must be a finite number',
  refreshTokenTooLong: 'Refresh token must be at most 512 characters',
  invalidRecordingId: 'Recording ID must be 1 to 100 letters, digits, dots, dashes or underscores',
  phoneNumbersRequired: 'Add at least one phone number',
  tooManyPhoneNumbers: `You can text at most ${EMERGENCY_SMS.maxPhoneNumbers} phone numbers at once`,
  redirectNotOnSite: 'Redirect address must be a page of this site',
  invalidIdempotencyKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters`,
} as const;

const CHOOSE_ANOTHER = 'Choose a longer, less predictable password.';

/** Why a new password was refused (`weak_password`): each reason says which rule the password broke. */
export const WEAK_PASSWORD_TEXTS = {
  common: `Password is too common: it is one of the passwords people pick most. ${CHOOSE_ANOTHER}`,
  repetitive: `Password is too weak: it repeats the same characters. ${CHOOSE_ANOTHER}`,
  sequential: `Password is too weak: it is a run of letters, digits or keys in order. ${CHOOSE_ANOTHER}`,
  personal: `Password is too weak: it is built from your e-mail address or name. ${CHOOSE_ANOTHER}`,
  productName: `Password is too weak: it contains the app's name, ${APP_NAME}. ${CHOOSE_ANOTHER}`,
} as const;
export type PasswordWeakness = keyof typeof WEAK_PASSWORD_TEXTS;

/**
 * Words for refused input that has no message of its own (schemas/issue-message.ts): each names the field, so a
 * person (or a developer reading a 400) knows what to fix.
 */
export const FIELD_ISSUE_TEXTS = {
  body: 'The request body',
  query: 'The query string',
  params: 'The address',
  headers: 'The request headers',
  required: (label: string) => `${label} is required`,
  mustBe: (label: string, kind: string) => `${label} must be ${kind}`,
  atLeast: (label: string, min: number, unit: string | null) =>
    min === 1 && unit === 'characters'
      ? `${label} must not be empty`
      : `${label} must be at least ${min}${unitFor(min, unit)}`,
  atMost: (label: string, max: number, unit: string | null) =>
    `${label} must be at most ${max}${unitFor(max, unit)}`,
  moreThan: (label: string, min: number) => `${label} must be more than ${min}`,
  lessThan: (label: string, max: number) => `${label} must be less than ${max}`,
  oneOf: (label: string, values: readonly string[]) => `${label} must be one of ${values.join(', ')}`,
  invalid: (label: string) => `${label} is not valid`,
  unknownFields: (keys: readonly string[]) =>
    `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`,
  /** PostgreSQL cannot store U+0000 or half of a UTF-16 surrogate pair; such text is refused, never mangled. */
  unstorableText: (label: string) => `${label} contains characters that cannot be stored`,
  /** Appended when a product message does not itself say which field it is about. */
  withField: (label: string, message: string) => `${label}: ${message}`,
} as const;

/** Field names whose words would not read well when derived from the key. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  userId: 'User ID',
  p256dh: 'Push key',
  auth: 'Push secret',
  'idempotency-key': 'Idempotency-Key',
  grant_type: 'Grant type',
  redirect_to: 'Redirect address',
  endpoint: 'Push subscription endpoint',
  /** Sign-up's `data` carries the full name, and is refused only when the name is missing. */
  data: 'Full name',
  /** POST /api/nearby-places takes the position as `lat` and `lng`. */
  lat: 'Latitude',
  lng: 'Longitude',
  /** PATCH /api/protection-settings: the AI Protection dialog's names for its sliders. */
  motionThreshold: 'Shake Detection sensitivity',
  recognitionAccuracy: 'Recognition Accuracy',
};

export const ERRORS = {
  notAuthenticated: 'Not authenticated',
  userNotAuthenticated: 'User not authenticated',
  authSessionMissing: 'Auth session missing!',
  invalidCredentials: 'Invalid login credentials',
  currentPasswordWrong: 'Your current password is not correct.',
  emailTaken: 'A user with this email address has already been registered',
  invalidRefreshToken: 'Invalid Refresh Token',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  invalidOrExpiredLink: 'This link is invalid or has expired.',
  notFound: 'Not found',
  failedToLoadProfile: 'Failed to load profile data',
  failedToCreateProfile: 'Failed to create profile',
  failedToUpdateProfile: 'Failed to update profile',
  internal: 'Something went wrong. Please try again.',
  serviceUnavailable:
    "Beacon's server can't reach its database right now. Please try again in a few seconds.",
  sosNeedsContacts: 'Please add emergency contacts before using SOS.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  invalidOrExpiredCode: 'Invalid or expired invite code',
  codeExpired: 'This invite code has expired',
  tooManyContacts: `You can keep at most ${MAX_EMERGENCY_CONTACTS} emergency contacts.`,
} as const;

/**
 * Refusals against SMS abuse (docs/SECURITY.md#texts-cannot-be-abused). Only the server uses them (the phone
 * shows the server's message), so they are kept out of VALIDATION and ERRORS: the client's first download, which
 * imports those, stays as small as it was.
 */
export const SMS_ABUSE_TEXTS = {
  phoneNotReal: 'This is not a valid phone number',
  phonePremiumRate: 'This is a premium-rate phone number: Beacon does not text those',
  phoneSharedCost: 'This is a shared-cost phone number: Beacon does not text those',
  notYourContact: 'Phone number is not one of your emergency contacts: add it as a contact first',
  newContactNumbersCap: `You can give your contacts at most ${SMS_CAPS.newContactNumbersPerDay} new phone numbers a day. Try again tomorrow.`,
} as const;

/**
 * Why a cap held an alert text back (alert_deliveries.held_reason): the delivery's `last_error`, and what the SOS
 * screen shows beside that contact (docs/SECURITY.md#texts-cannot-be-abused).
 */
export const HELD_TEXT_REASONS = {
  sender_hourly_budget:
    'Not sent: your alerts used up the texts Beacon sends for one person in an hour. Text them yourself.',
  global_breaker:
    'Not sent: Beacon is over its limit of texts for this hour and your alerts have sent many already. Text them yourself.',
  number_hourly_cap:
    'Not sent: this number had the most alert texts Beacon sends it in an hour. Text them yourself.',
} as const;

/**
 * Refusals of the limits that bound what one person or one address can make Beacon store and send
 * (docs/decisions/023-sms-limits-that-cannot-silence-a-victim.md). Only the server uses them.
 */
export const ABUSE_LIMIT_TEXTS = {
  tooManyAlerts: `You have raised ${ALERT_LIMITS.newAlertsPerHour} alerts in this hour. Text or call your contacts from your phone, or call ${EMERGENCY_NUMBER}.`,
  /** A drill is a test: its limit never stands in the way of a real alert (the SOS button works as always). */
  tooManyDrills: `You have used your ${DRILL.perWindow} tests of your safety network for today. Your SOS button works as always.`,
  tooManySignUps:
    'Too many accounts were created from your network in the last hour. Try again later or from another network.',
} as const;

/**
 * How an alert's trigger reads in the text message contacts receive (use `alertTriggerLabel`). AI Protection's
 * detectors raise `shake`, `voice` and, for a loud sound, `panic` (DETECTOR_TRIGGER_TYPES in protection.ts).
 */
export const ALERT_TRIGGER_LABELS: Record<(typeof ALERT_TRIGGER_TYPES)[number], string> = {
  manual: 'SOS button',
  shake: 'raised by a shake of the phone',
  voice: 'raised by a spoken keyword',
  panic: 'raised by a loud sound',
  escort_expired: 'escort timer expired',
  checkin_missed: 'missed check-in',
  duress: 'duress PIN entered',
  drill: 'TEST of their safety network',
};

/**
 * What raised an alert, in words: the text contacts receive and the guardian's "Trigger:". A `manual` alert with
 * the person's own message came from a quick message (the SOS button sends none), so it never says "SOS button".
 */
export function alertTriggerLabel(triggerType: string, message?: string | null): string {
  if (triggerType === 'manual' && message?.trim()) return 'quick message';
  return ALERT_TRIGGER_LABELS[triggerType as (typeof ALERT_TRIGGER_TYPES)[number]] ?? triggerType;
}

export const TOASTS = {
  error: 'Error',
  success: 'Success',
  profileUpdated: 'Profile updated successfully',
  profileUpdatedInline: 'Profile updated successfully!',
  signedOut: 'Signed out successfully',
  paymentsDisabledTitle: 'Card payment (Stripe) integration is disabled',
  subscriptionUnavailable: 'Subscription features are currently unavailable.',
  portalUnavailable: 'Customer portal is currently unavailable.',
  contactUpdatedTitle: 'Contact updated',
  contactUpdated: 'Emergency contact has been updated successfully.',
  contactAddedTitle: 'Contact added',
  contactAdded: 'Emergency contact has been added successfully.',
  contactSavedToProfile: 'Contact saved to profile successfully.',
  contactSaveFailed: 'Failed to save contact. Please try again.',
  contactDeletedTitle: 'Contact deleted',
  contactDeleted: 'Emergency contact has been removed.',
} as const;

/** Location ingest (docs/PRODUCT.md#location-readings): field rules are in VALIDATION; here the rest. */
export const LOCATION_TEXTS = {
  readingsRequired: 'Send at least one location reading.',
  tooManyReadings: `You can send at most ${LOCATION_LIMITS.maxReadingsPerRequest} location readings at once.`,
  invalidTimestamp: 'Timestamp must be an ISO 8601 date and time.',
  batteryRange: 'Battery level must be between 0 and 100',
} as const;

/** The public tracking page (GET /api/track/:shareCode). */
export const SHARE_LINK_TEXTS = {
  linkExpired: 'This tracking link has expired.',
  linkInactive: 'This tracking link is no longer active.',
  /** A responder link the person turned off (stopping all sharing). */
  responderLinkInactive: 'This link is no longer active.',
} as const;

/** GET /api/alerts?status= */
export const ALERT_LIST_QUERY_TEXTS = {
  invalidStatus: 'Status must be active or resolved.',
} as const;
