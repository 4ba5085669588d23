/** Business constants and limits (docs/PRODUCT.md#constants-and-limits). One home for every number. */

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
  /** `redirect_to` of the auth endpoints: an address of this site. */
  redirectAddress: { max: 2048 },
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
  /** The countdown dialog stays open on "0" this long after the SOS fired (the alert is not held back by it). */
  zeroHoldMs: 700,
  pressedAnimationMs: 500,
  locationTimeoutMs: 5000,
  /** An SOS accepts a position fix up to this old rather than wait for a new one. */
  maxPositionAgeMs: 60_000,
  /**
   * An alert refused with 401 waits at most this long for the session refresh before its one retry; past it the
   * alert takes the offline path (queued, messaging app) instead of waiting on a refresh that hangs.
   */
  sessionRenewalTimeoutMs: 5000,
  /**
   * How long the phone waits for POST /api/alerts before it takes the messaging-app path and queues the alert.
   * The server answers within its first-attempt wait (8 s) plus its database time-outs (about 6 s) even when
   * sick; a server that has not answered by then is not going to, and the queued replay uses the same key.
   */
  sendTimeoutMs: 20_000,
} as const;

/**
 * An SOS queued while offline and sent later says how long ago it was raised, measured by the phone's own clock
 * (so a phone whose clock is wrong still gets it right). Never refused for its age: a person may still be in
 * danger; the texts say when it was raised instead. Beyond `lateAfterSeconds` the texts call it late.
 */
export const DELAYED_ALERT = {
  maxRaisedSecondsAgo: 7 * 24 * 3600,
  lateAfterSeconds: 60,
} as const;

export const DEFAULT_COUNTRY_PREFIX = '+1';
export const EMERGENCY_NUMBER = '911';
export const COPY_FEEDBACK_MS = 2000;
export const SHARE_LINK_TTL_HOURS = 24;

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

/**
 * How the phone vibrates for what must be felt in a pocket: a journey's warning and last chance, a ward's journey
 * warning on the guardian's screen. Three pulses, the last long (the pushes use the same).
 */
export const PROMPT_VIBRATION_MS = [300, 150, 300, 150, 600];

/** Sine tones (docs/PRODUCT.md#constants-and-limits). Frequencies in Hz, durations in ms. */
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

/** Escort mode (docs/PRODUCT.md#escort-mode). The deadline lives on the server; the phone only shows it. */
export const ESCORT = {
  minMinutes: 5,
  maxMinutes: 180,
  defaultMinutes: 30,
  warningSeconds: 300,
  /** "Add time": minutes one extension may add (the choices the screen offers lie inside this range). */
  extendMinMinutes: 1,
  extendMaxMinutes: 180,
  extendChoicesMinutes: [5, 15, 30] as const,
  /** A session's deadline never lies further ahead than this, however often time is added. */
  maxTotalMinutes: 12 * 60,
  /** The /map page asks for a fresh position this often (timeout 10 s, max age 5 s, high accuracy). */
  positionIntervalMs: 30_000,
  positionTimeoutMs: 10_000,
  positionMaxAgeMs: 5_000,
  /** Only this many contacts are listed on the escort screens. */
  contactsShown: 2,
  /** Route points one POST /api/escort-sessions/:id/route may carry, and points a session keeps. */
  maxRoutePointsPerRequest: 100,
  maxRoutePoints: 500,
} as const;

/** Emergency recording (docs/PRODUCT.md#emergency-recording). */
export const RECORDING = {
  video: { width: 1280, height: 720, frameRate: 30, bitsPerSecond: 2_500_000 },
  audio: { bitsPerSecond: 128_000, sampleRate: 44_100 },
  /** MediaRecorder hands over a piece this often, and the phone uploads each piece at once. */
  chunkMs: 1000,
  maxDurationSeconds: 300,
  /** An escort's emergency restarts the recording after this delay. */
  restartOnEmergencyMs: 1000,
  /** While recording during an escort, every this-many route points shares the latest recording. */
  shareEveryRoutePoints: 4,
  /** Deleted this long after it ended (`RECORDING_RETENTION_HOURS` changes it on a server). */
  retentionHours: 24,
  /** With no new piece for this long, the server seals what it has (the phone is gone). */
  cutOffAfterSeconds: 120,
  /** A piece at the specified bit rates is about 330 KB; keyframes and Safari's MP4 make some larger. */
  maxChunkBytes: 2 * 1024 * 1024,
  maxChunksPerRecording: 360,
  maxBytesPerRecording: 150 * 1024 * 1024,
  /** What one person may keep stored at once (recordings are deleted after `retentionHours`). */
  maxBytesPerPerson: 1024 * 1024 * 1024,
  /** A signed media URL works this long; the player asks for a new one when it runs out. */
  playbackUrlMinutes: 10,
} as const;

/** Safety check-in (docs/PRODUCT.md#safety-check-in). */
export const CHECK_IN = { minMinutes: 5, maxMinutes: 120, defaultMinutes: 30, tickMs: 60_000 } as const;

/**
 * What the server watches during an escort or a check-in besides its deadline
 * (docs/PRODUCT.md#warnings-to-guardians-during-a-journey): guardians hear when the phone goes silent, and get its
 * position when its battery is about to die. Neither texts the contacts (the deadline does that).
 */
export const JOURNEY_WATCH = {
  /** Default of JOURNEY_SILENCE_MINUTES: no location and no heartbeat for this long warns guardians once. */
  defaultSilenceMinutes: 10,
  /** A reading at or below this battery level during a journey sends guardians its position, once. */
  lastGaspBatteryPercent: 5,
  /** While a journey is active the phone says it is alive this often, also when it has no position. */
  heartbeatMs: 60_000,
  /** How often the server looks for silent journeys. */
  watchEveryMs: 30_000,
} as const;

/** The Your Location dialog (docs/PRODUCT.md#your-location-dialog). */
/**
 * How long the permissions screen listens for the motion sensor's first reading before it concludes the browser
 * gives none: a phone's sensor reports many times a second, a computer without one once with empty values.
 */
export const MOTION_PROBE_MS = 1000;

export const LOCATION_DIALOG = {
  firstFixTimeoutMs: 30_000,
  refinementTimeoutMs: 15_000,
  mapZoom: 17,
  /** Worse than this (metres) and the dialog suggests going outdoors. */
  accuracyWarningMeters: 100,
} as const;

// The Safety Map's NEARBY_PLACES and PLACE_TYPES live in nearby-places-constants.ts: the card that uses them loads
// on demand, and a constant of this module it used would join this module's chunk in the first download.

export const MAP = {
  defaultCenter: [39.8283, -98.5795] as const,
  defaultZoom: 13,
  maxZoom: 19,
  firstFixZoom: 15,
} as const;

/**
 * Field-name fragments the logger must redact (docs/PRODUCT.md#constants-and-limits). A field is redacted
 * when its name contains any of these, case-insensitively.
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

/** How long the dashboard's one-off GPS check waits for a position (5000 ms). */
export const GPS_CHECK_TIMEOUT_MS = 5000;

/** Browser local-storage keys the client owns (besides THEME_STORAGE_KEY). */
export const STORAGE_KEYS = {
  session: 'beacon-auth-session',
  onboardingSeen: 'beacon-onboarding-seen',
  /** Suffixed with `:<user id>`: each person keeps their own notification list. */
  notifications: 'beacon-notifications',
  /**
   * Suffixed with `:<user id>`: the offline copy of the contacts, name and phone
   * (docs/PRODUCT.md#data-kept-on-the-device).
   */
  offlineEmergencyData: 'beacon-offline-emergency-data',
  /**
   * Suffixed with `:<user id>`: where alerts raised without a connection were queued before the device outbox
   * (IndexedDB). Read once at start-up and moved into the outbox.
   */
  legacyAlertQueue: 'beacon-alert-queue',
  /** Suffixed with `:<user id>`: Who You're Meeting, the entries without their photos. */
  meetings: 'beacon-meetings',
  /** Suffixed with `:<user id>:<entry id>`: one entry's photo, a JPEG data URL, read on its own. */
  meetingPhoto: 'beacon-meeting-photo',
} as const;

/** A sanity cap on emergency contacts per person (the free-tier limit of 2 is only a display limit). */
export const MAX_EMERGENCY_CONTACTS = 50;

/**
 * What raised an alert: the SOS button and quick messages (`manual`), AI Protection's detectors (`shake`, `voice`,
 * and `panic` for a loud sound), and the journey deadlines `escort_expired` and `checkin_missed`
 * (docs/PRODUCT.md#emergency-messages-and-alerts).
 */
export const ALERT_TRIGGER_TYPES = [
  'manual',
  'shake',
  'voice',
  'panic',
  'escort_expired',
  'checkin_missed',
  'duress',
  'drill',
] as const;

/**
 * Raised only by the server, never by a client through POST /api/alerts: `duress` when someone enters the person's
 * duress PIN (docs/decisions/042-safety-pin-and-duress.md), `drill` by "Test my safety network" through its own
 * route (docs/decisions/045-safety-network-drill.md).
 */
export const SERVER_ONLY_TRIGGER_TYPES = ['duress', 'drill'] as const;

/**
 * "Test my safety network" (docs/decisions/045-safety-network-drill.md): drills a person may start per rolling
 * `windowHours`; a drill left open ends by itself `endsAfterMinutes` after it started. A drill is never an SOS, so
 * this limit never holds back a real alert.
 */
export const DRILL = { perWindow: 3, windowHours: 24, endsAfterMinutes: 30 } as const;

/**
 * A contact whose texts keep failing: the last `failedInARow` texts Beacon sent to their number all failed (the
 * provider refused them, or a limit held them back). Fewer than `reachableAtLeast` people who can be reached
 * (contacts with a textable number whose texts are not failing, plus active guardians) is warned about.
 */
export const SAFETY_NETWORK = { failedInARow: 2, reachableAtLeast: 2 } as const;

/**
 * The safety PIN and the duress PIN: 4 to 8 digits; wrong PINs allowed per person per window before every PIN is
 * refused until the window ends (the alert, the journey or the countdown then simply goes on).
 */
export const SAFETY_PIN = { minDigits: 4, maxDigits: 8, wrongPerWindow: 5, windowMinutes: 15 } as const;

/** POST /api/send-emergency-sms: how many numbers one request may text. */
export const EMERGENCY_SMS = { maxPhoneNumbers: 20 } as const;

/**
 * Caps against SMS pumping (docs/SECURITY.md#texts-cannot-be-abused, docs/decisions/014-sms-abuse-caps.md):
 * `newContactNumbersPerDay`, the numbers a person may newly give their contacts per UTC day.
 */
export const SMS_CAPS = { newContactNumbersPerDay: 10 } as const;

/**
 * What one account's alerts may text per clock hour (modules/alerts/sms-caps.ts,
 * docs/decisions/023-sms-limits-that-cannot-silence-a-victim.md). An account is `new` while its e-mail address
 * is unconfirmed and it is younger than `establishedAfterDays`; confirmed or older, it is `established`. The
 * account's only alert of the hour is never held back, whatever the counts; its texts still count. Past
 * `heavyShare` of its budget an account is a heavy sender: only heavy senders' texts are shed while
 * SMS_GLOBAL_MAX_PER_HOUR (server config) is exceeded. All-clear texts count toward none of these.
 */
export const SMS_BUDGET = {
  newTextsPerHour: 30,
  establishedTextsPerHour: 150,
  establishedAfterDays: 7,
  heavyShare: 0.5,
} as const;

/**
 * New alerts one person may raise per clock hour (each after "I'm safe" ended the one before: while an alert is
 * open, another SOS joins it). More answers 429; a journey's deadline is never refused and not counted.
 */
export const ALERT_LIMITS = { newAlertsPerHour: 12 } as const;

/** Accounts created per client address per hour: the default of AUTH_MAX_SIGNUPS_PER_ADDRESS (server config). */
export const SIGN_UP_LIMITS = { defaultPerAddressPerHour: 10, windowMinutes: 60 } as const;

/**
 * Why an alert text was held back instead of sent (alert_deliveries.held_reason). `number_hourly_cap` is no
 * longer given (decision 023) but stays for texts held before.
 */
export const HELD_REASONS = ['sender_hourly_budget', 'global_breaker', 'number_hourly_cap'] as const;

/** The `Idempotency-Key` header of alert requests: visible ASCII, at most this long. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** Redeeming invite codes: attempts per person and per client address in one window (brute-force guard). */
export const INVITE_REDEMPTION_LIMITS = { perUser: 10, perAddress: 30, windowMinutes: 15 } as const;

/** POST /api/locations and the guardian/track views (a route keeps the latest 50 readings). */
export const LOCATION_LIMITS = {
  maxReadingsPerRequest: 100,
  routePoints: 50,
  /** Default of LOCATION_RETENTION_HOURS: stored positions older than this are deleted. */
  defaultRetentionHours: 24,
} as const;

/** The realtime channel (GET /api/realtime) beyond REALTIME's heartbeat and reconnect backoff. */
export const REALTIME_CHANNEL = {
  path: '/api/realtime',
  /** Events kept for catch-up after a reconnect (`?since=<id>`). */
  eventRetentionHours: 24,
  /** Most events one catch-up replays; past it the answer says `truncated` and the client reloads. */
  maxCatchUpEvents: 500,
  /** A socket without a token must send `{type:'auth'}` within this time. */
  authTimeoutMs: 10_000,
  closeCodes: { unauthenticated: 4401, badRequest: 4400, slowConsumer: 4408 },
} as const;

/** A share link handed to an alert is reused while it has at least this long left, else a new one is made. */
export const SHARE_LINK_REUSE_MIN_REMAINING_MINUTES = 60;

/** The guardian's watch screen (live positions and alerts of the people they guard). */
export const GUARDIAN_VIEW_PATH = '/guardian/wards';

/**
 * The guardian view calls a ward Online only while their newest position is at most this old: as long as the
 * server waits before it calls a journey silent (JOURNEY_WATCH.defaultSilenceMinutes). Not shorter: a phone lying
 * still may send no new position for minutes while Beacon is open.
 */
export const WARD_ONLINE_WITHIN_MS = JOURNEY_WATCH.defaultSilenceMinutes * 60_000;

/** Where a ward's alert push opens the app: the guardian view, scrolled to that ward's card. */
export function guardianViewUrl(wardId: string): string {
  return `${GUARDIAN_VIEW_PATH}#ward-${encodeURIComponent(wardId)}`;
}
export const TRACK_PAGE_PATH = '/track';

/** The emergency contact's responder page (`/r/{code}`): kept short, since the SOS text carries it. */
export const RESPONDER_PAGE_PATH = '/r';

/**
 * A responder link (docs/decisions/039-the-contacts-responder-page.md): open at most `ttlHours` after its alert
 * was raised, and `afterSafeMinutes` once the person said they are safe (the page then says so). A link takes at
 * most `answersPerHour` answers.
 */
export const RESPONDER_LINK = { ttlHours: 24, afterSafeMinutes: 60, answersPerHour: 20 } as const;

/**
 * Live tracking from the person's own device (docs/PRODUCT.md#live-location-and-share-links). Readings sooner
 * than half the interval are skipped.
 */
export const LIVE_TRACKING = {
  intervalMs: 15_000,
  /** While the person has an active alert: positions at least this often (docs/PRODUCT.md#an-alert-has-a-beginning-and-an-end). */
  activeAlertIntervalMs: 5_000,
  highAccuracy: true,
  maximumAgeMs: 60_000,
  timeoutMs: 30_000,
  /** Readings kept while offline (oldest dropped first); sent in requests of LOCATION_LIMITS.maxReadingsPerRequest. */
  maxQueuedReadings: 500,
  /** Readings the device keeps in memory (the newest). */
  historySize: 50,
  /** The Safety Map's own position updates. */
  safetyMapIntervalMs: 5_000,
} as const;

/** The public tracking page (/track/:shareCode) re-reads the position this often. */
export const TRACK_PAGE_REFRESH_MS = 10_000;

/** Map tiles when VITE_TILE_URL is unset (see map-tiles.ts). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; OpenStreetMap contributors';

/** What the guardian's device remembers of their wards' alerts, escorts and check-ins (from realtime events). */
export const WARD_ACTIVITY = {
  /** Alerts kept per viewer, newest first. */
  maxAlerts: 50,
  /** Alerts older than this are dropped: the server keeps realtime events for catch-up this long too. */
  retentionHours: 24,
} as const;

/**
 * How often the phone asks GET /api/health again while the server is failing, so the "server can't be reached"
 * notice goes away by itself once the server is back.
 */
export const HEALTH_RECHECK_MS = 15_000;

/** The client's alert pipeline: delivery polling. */
export const ALERT_CLIENT = {
  /** Delivery statuses are re-read this often while any delivery is still pending or sending. */
  deliveryPollMs: 3000,
  /** "Maria is on the way — 2 min ago" on the active-alert screen is brought up to date this often. */
  responseAgeRefreshMs: 15_000,
} as const;

/**
 * The device outbox's retry rule (src/client/lib/outbox, docs/decisions/010-device-outbox.md): after a failure
 * that may pass, wait firstDelayMs, doubling up to maxDelayMs, minus up to `jitter` of it. Capped at 15 s so a
 * queued SOS is never tried less often than before the outbox existed.
 */
export const OUTBOX_RETRY = {
  firstDelayMs: 1000,
  maxDelayMs: 15_000,
  jitter: 0.2,
} as const;

/**
 * Who has looked at what the person shares (docs/decisions/046-who-looked-and-stop-all-sharing.md): one viewer's
 * repeated looks at one thing within `visitMinutes` of the last are one entry (the tracking page polls every few
 * seconds); entries are kept `retentionDays`; the person's list shows the newest `listLimit`.
 */
export const SHARING_VIEWS = { visitMinutes: 30, retentionDays: 30, listLimit: 100 } as const;

/**
 * The first screen paints before anything else is asked for (lib/first-paint.ts): the GET requests, the code of
 * the cards below the SOS button and the other on-demand code wait for it. A tab opened in the background never
 * runs an animation frame, so the wait also ends after `fallbackMs` whatever happens. After the paint, the
 * deferred code starts `tasksPerIdle` pieces at a time when the main thread is idle, and the next few once those
 * have loaded (or after `groupWaitMs`, so a stalled download holds nothing up); a phone that is never idle starts
 * them after `idleTimeoutMs` anyway. Browsers without idle callbacks (Safari) wait `idleFallbackMs` instead.
 */
export const FIRST_PAINT = {
  fallbackMs: 300,
  tasksPerIdle: 2,
  idleTimeoutMs: 1000,
  groupWaitMs: 3000,
  idleFallbackMs: 50,
} as const;
