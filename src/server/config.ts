import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ALERT_ESCALATION } from '#shared/alert-life';
import { JOURNEY_WATCH, RECORDING, SIGN_UP_LIMITS } from '#shared/constants';
import { NEARBY_PLACES } from '#shared/nearby-places-constants';
import { TileUrlTemplateSchema } from '#shared/map-tiles';

/** Environment variables, parsed once at start-up. Each has a default so `npm start` needs none. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // A refresh token presented again this soon after its first use gets the same new pair (a lost answer).
  AUTH_REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Beacon <no-reply@beacon.local>'),
  AUTH_MAX_FAILED_SIGNINS: z.coerce.number().int().positive().default(10),
  AUTH_MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  // Accounts created per client address per hour (modules/auth; decision 023: what a shared address means).
  AUTH_MAX_SIGNUPS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .positive()
    .default(SIGN_UP_LIMITS.defaultPerAddressPerHour),
  AUTH_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  // The reverse proxies in front of Beacon, by address or CIDR range: only what they forward counts.
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const problem = value === undefined ? null : trustProxyProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(proxyList),
  // SMS: Twilio (or any Twilio-compatible API) when all three are set, else the dev outbox (not in production).
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  // The number escalation calls come from (adapters/voice/); TWILIO_FROM when unset and it is a number.
  TWILIO_VOICE_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, such as +15005550006')
    .optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Alert pipeline (modules/alerts) and the scheduler that runs it.
  ALERT_FIRST_ATTEMPT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
  ALERT_DELIVERY_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // The breaker on alert texts of all accounts per clock hour (modules/alerts/sms-caps.ts): protects the bill by
  // shedding heavy senders' texts, never an account's only alert of the hour.
  SMS_GLOBAL_MAX_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  // How long an alert may go unanswered before it escalates (modules/alerts/escalation-job.ts), unless the person
  // chose their own time in Emergency Settings.
  ALERT_ESCALATION_SECONDS: z.coerce
    .number()
    .int()
    .min(ALERT_ESCALATION.minSeconds)
    .max(ALERT_ESCALATION.maxSeconds)
    .default(ALERT_ESCALATION.defaultSeconds),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  HTTP_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  // Recording pieces uploaded and media streams set up at once (http/admission.ts: their own lane).
  HTTP_MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  // Every connection (http/connection-limits.ts): the request's headers, the whole request, and nothing moving.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(65_000),
  // Ordinary API requests in flight from one client address (http/admission.ts); more answer 429.
  HTTP_MAX_IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(64),
  SCHEDULER_ENABLED: z.stringbool().default(true),
  // Guardians, realtime and live location (modules/guardians, locations, share-links, push; realtime/).
  REDIS_CHANNEL_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'must be 1 to 100 letters, digits or :_.-')
    .default('beacon'),
  LOCATION_RETENTION_HOURS: z.coerce.number().positive().max(8760).default(24),
  // Emergency recordings (modules/recordings): deleted this long after they ended.
  RECORDING_RETENTION_HOURS: z.coerce.number().positive().max(8760).default(RECORDING.retentionHours),
  // Where recordings are kept: an S3-compatible bucket when any S3_* is set, else <DATA_DIR>/recordings.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be 3 to 63 lowercase letters, digits, dots or dashes')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  // During an escort or check-in, guardians are warned once when the phone has been silent this long.
  JOURNEY_SILENCE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(JOURNEY_WATCH.defaultSilenceMinutes),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Only for development and tests with a local push service: lets subscriptions point anywhere (SSRF risk).
  PUSH_ALLOW_ANY_ENDPOINT: z.stringbool().default(false),
  // Development and the browser tests only: POST /api/dev/clock moves the server's clock forward, so an escort's
  // deadline passes without waiting for it (modules/dev/clock-routes.ts).
  DEV_CLOCK_CONTROL: z.stringbool().default(false),
  // The map tile template the client was built with (the same variable): its origin goes into the CSP.
  VITE_TILE_URL: TileUrlTemplateSchema,
  // Nearby places for the Safety Map (modules/nearby-places): an Overpass API interpreter and its time-out.
  OVERPASS_URL: z.url().default('https://overpass-api.de/api/interpreter'),
  OVERPASS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(NEARBY_PLACES.providerTimeoutMs),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  jwtSecret: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  auth: {
    maxFailedSignIns: number;
    maxRequestsPerAddress: number;
    /** Accounts created per client address per hour. */
    maxSignUpsPerAddress: number;
    rateWindowMinutes: number;
    /** A spent refresh token presented again within this many seconds answers the pair it gave, not a revocation. */
    refreshReuseGraceSeconds: number;
  };
  /** The proxies whose forwarding headers count (addresses and CIDR ranges); empty: none, the socket is the client. */
  trustProxy: string[];
  sms: {
    twilio: {
      accountSid: string;
      authToken: string;
      from: string;
      baseUrl: string;
      /** The number escalation calls come from (the `voice` channel); null: no number to call from. */
      voiceFrom: string | null;
    } | null;
    timeoutMs: number;
  };
  alerts: {
    firstAttemptWaitMs: number;
    deliveryLeaseMs: number;
    /**
     * Alert texts of all accounts together per clock hour; past it, heavy senders' texts are held back and logged
     * as errors (never an account's only alert of the hour: modules/alerts/sms-caps.ts).
     */
    smsGlobalMaxPerHour: number;
    /** Seconds an alert may go unanswered before it escalates, for a person who did not choose their own. */
    escalationSeconds: number;
  };
  /** `enabled: false` = this instance runs no background jobs (another instance sends the texts). */
  scheduler: { intervalMs: number; enabled: boolean };
  http: {
    /** API requests other than the SOS path worked on at once (http/admission.ts). */
    concurrency: number;
    /** Ordinary API requests one client address may have in flight; more answer 429 (http/admission.ts). */
    maxInFlightPerAddress: number;
    /** Recording uploads and media streams being set up at once: their own lane (http/admission.ts). */
    mediaConcurrency: number;
    /** Connection time-outs (http/connection-limits.ts). */
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
  };
  /** Prefix of the Redis pub/sub channel of the realtime hub (used only with REDIS_URL). */
  redisChannelPrefix: string;
  /** The map tile URL template (VITE_TILE_URL); the CSP allows its origin. */
  tileUrl: string;
  locations: { retentionHours: number };
  recordings: { retentionHours: number };
  /** The bucket recordings are kept in; null: a folder under `dataDir`. */
  s3: {
    bucket: string;
    endpoint: string | undefined;
    region: string;
    credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    forcePathStyle: boolean;
  } | null;
  /** modules/journey-watch: how long a phone may be silent during a journey before guardians are warned. */
  journeyWatch: { silenceMinutes: number };
  /** DEV_CLOCK_CONTROL: the app's clock can be moved forward over POST /api/dev/clock (never in production). */
  devClockControl: boolean;
  /** Where nearby places come from: an Overpass API interpreter, and how long it gets before the samples answer. */
  nearbyPlaces: { overpassUrl: string; timeoutMs: number };
  push: {
    /** null: generate a pair on first start and keep it in server_secrets. */
    vapidKeys: { publicKey: string; privateKey: string } | null;
    vapidSubject: string | undefined;
    timeoutMs: number;
    allowAnyEndpoint: boolean;
  };
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(blankless);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // Never echo a secret (a token, a key, a password in a URL) into the console or a log collector.
    const shown = /SECRET|TOKEN|KEY|PASSWORD|_URL$/.test(name) ? '(hidden)' : JSON.stringify(env[name] ?? '');
    throw new ConfigError(`Invalid configuration: ${name}=${shown} ${issue?.message ?? ''}`.trim());
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    // Every link Beacon sends (reset e-mails, the tracking link in an SOS text) starts with it; see public-origin.ts.
    throw new ConfigError('Invalid configuration: PUBLIC_URL is required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.PUSH_ALLOW_ANY_ENDPOINT) {
    // It lets any signed-in person make the server POST to a URL of their choosing (modules/push/service.ts).
    throw new ConfigError(
      'Invalid configuration: PUSH_ALLOW_ANY_ENDPOINT is for development and tests only, not NODE_ENV=production',
    );
  }
  if (e.NODE_ENV === 'production' && e.DEV_CLOCK_CONTROL) {
    // Moving the clock fires every escort's and check-in's deadline early: texts to real contacts.
    throw new ConfigError(
      'Invalid configuration: DEV_CLOCK_CONTROL is for development and tests only, not NODE_ENV=production',
    );
  }
  const twilio = twilioConfig(e);
  if (e.NODE_ENV === 'production' && !twilio) {
    // Without a provider SOS texts would only land in the dev outbox while the phone is told they went out.
    throw new ConfigError(
      'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are required when NODE_ENV=production (an SMS provider)',
    );
  }
  if (e.NODE_ENV === 'production' && !twilio?.voiceFrom) {
    // The escalation ladder calls the primary contact through the same account; a Messaging Service cannot call.
    throw new ConfigError(
      'Invalid configuration: TWILIO_VOICE_FROM is required when NODE_ENV=production and TWILIO_FROM is a Messaging Service SID (a number to call from)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    // Without it sign-up and recovery e-mails would only land in the dev outbox while the person waits for them.
    throw new ConfigError(
      'Invalid configuration: SMTP_URL is required when NODE_ENV=production (an e-mail provider)',
    );
  }
  checkHttpTimeouts(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    auth: {
      maxFailedSignIns: e.AUTH_MAX_FAILED_SIGNINS,
      maxRequestsPerAddress: e.AUTH_MAX_REQUESTS_PER_ADDRESS,
      maxSignUpsPerAddress: e.AUTH_MAX_SIGNUPS_PER_ADDRESS,
      rateWindowMinutes: e.AUTH_RATE_WINDOW_MINUTES,
      refreshReuseGraceSeconds: e.AUTH_REFRESH_REUSE_GRACE_SECONDS,
    },
    trustProxy: e.TRUST_PROXY,
    sms: { twilio, timeoutMs: e.SMS_TIMEOUT_MS },
    alerts: {
      firstAttemptWaitMs: e.ALERT_FIRST_ATTEMPT_WAIT_MS,
      deliveryLeaseMs: e.ALERT_DELIVERY_LEASE_MS,
      smsGlobalMaxPerHour: e.SMS_GLOBAL_MAX_PER_HOUR,
      escalationSeconds: e.ALERT_ESCALATION_SECONDS,
    },
    scheduler: { intervalMs: e.SCHEDULER_INTERVAL_MS, enabled: e.SCHEDULER_ENABLED },
    http: {
      concurrency: e.HTTP_CONCURRENCY,
      maxInFlightPerAddress: e.HTTP_MAX_IN_FLIGHT_PER_ADDRESS,
      mediaConcurrency: e.HTTP_MEDIA_CONCURRENCY,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    },
    redisChannelPrefix: e.REDIS_CHANNEL_PREFIX,
    tileUrl: e.VITE_TILE_URL,
    locations: { retentionHours: e.LOCATION_RETENTION_HOURS },
    recordings: { retentionHours: e.RECORDING_RETENTION_HOURS },
    s3: s3Config(e),
    journeyWatch: { silenceMinutes: e.JOURNEY_SILENCE_MINUTES },
    devClockControl: e.DEV_CLOCK_CONTROL,
    nearbyPlaces: { overpassUrl: e.OVERPASS_URL, timeoutMs: e.OVERPASS_TIMEOUT_MS },
    push: {
      vapidKeys: vapidKeys(e),
      vapidSubject: e.VAPID_SUBJECT,
      timeoutMs: e.PUSH_TIMEOUT_MS,
      allowAnyEndpoint: e.PUSH_ALLOW_ANY_ENDPOINT,
    },
  };
}

/** Twilio needs all three of SID, token and sender; a partial set is a mistake worth failing on. */
function twilioConfig(e: z.infer<typeof EnvSchema>): Config['sms']['twilio'] {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = e;
  if (!accountSid && !authToken && !from) return null;
  if (!accountSid || !authToken || !from) {
    throw new ConfigError(
      'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together',
    );
  }
  // A Messaging Service SID (MG…) sends texts but cannot place a call.
  const voiceFrom = e.TWILIO_VOICE_FROM ?? (from.startsWith('+') ? from : null);
  return { accountSid, authToken, from, baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''), voiceFrom };
}

/** The bucket is used when any S3_* is set; the access key and its secret come as a pair or not at all. */
function s3Config(e: z.infer<typeof EnvSchema>): Config['s3'] {
  const set = [e.S3_BUCKET, e.S3_ENDPOINT, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (set.every((value) => value === undefined) && e.S3_FORCE_PATH_STYLE === undefined) return null;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    bucket: e.S3_BUCKET ?? 'emergency-recordings',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // S3-compatible services on their own host name (MinIO, a local test server) want the bucket in the path.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

/** A VAPID key pair is set as a pair or not at all (then one is generated and stored on first start). */
function vapidKeys(e: z.infer<typeof EnvSchema>): Config['push']['vapidKeys'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  }
  return { publicKey, privateKey };
}

/**
 * The headers are part of the request, so their time-out cannot be the longer one. A connection on which nothing
 * moves is closed after the idle time-out, also while the server is still working on its answer: so it must be
 * longer than the longest any answer waits in silence (the SOS waiting for its first texts, the nearby places
 * waiting for Overpass), or the server would cut those answers off itself.
 */
function checkHttpTimeouts(e: z.infer<typeof EnvSchema>): void {
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  const longestWait = Math.max(e.ALERT_FIRST_ATTEMPT_WAIT_MS, e.OVERPASS_TIMEOUT_MS);
  if (e.HTTP_IDLE_TIMEOUT_MS <= longestWait) {
    throw new ConfigError(
      'Invalid configuration: HTTP_IDLE_TIMEOUT_MS must be longer than ALERT_FIRST_ATTEMPT_WAIT_MS and OVERPASS_TIMEOUT_MS',
    );
  }
}

/** The entries of TRUST_PROXY: comma-separated, blanks ignored. */
function proxyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const BOOLEAN_WORDS = /^(true|false|yes|no|on|off|1|0)$/i;

/**
 * Why a TRUST_PROXY value is refused, or null. It names proxies, never "every hop": `true` would take the client
 * address from X-Forwarded-For, which anyone reaching the port directly writes themselves (a fresh address for
 * every guess, or 127.0.0.1). A range of every address (`0.0.0.0/0`, `::/0`) is the same thing spelled otherwise.
 */
function trustProxyProblem(value: string): string | null {
  if (BOOLEAN_WORDS.test(value.trim())) {
    return 'must list the proxies Beacon is reached through, by address or CIDR range (e.g. 127.0.0.1 or 10.0.0.0/8), not true or false';
  }
  const wrong = proxyList(value).find((entry) => !isProxyRange(entry));
  if (wrong !== undefined) {
    return `has ${JSON.stringify(wrong)}, which is not an IP address or a CIDR range of some addresses (e.g. 10.0.0.0/8)`;
  }
  return null;
}

function isProxyRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}
