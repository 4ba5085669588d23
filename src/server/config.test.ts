import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a default for everything, so `npm start` needs no variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: undefined,
      jwtSecret: undefined,
      logLevel: 'info',
      smtpUrl: undefined,
      mailFrom: 'Beacon <no-reply@beacon.local>',
      auth: { maxFailedSignIns: 10, maxRequestsPerAddress: 100, rateWindowMinutes: 15 },
      trustProxy: [],
      http: {
        concurrency: 4,
        maxInFlightPerAddress: 64,
        headersTimeoutMs: 5000,
        requestTimeoutMs: 10_000,
        idleTimeoutMs: 65_000,
      },
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });

  it('keeps recordings in a folder under DATA_DIR unless an S3_* variable is set, then in the bucket', () => {
    expect(loadConfig({})).toMatchObject({ s3: null, recordings: { retentionHours: 24 } });
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        RECORDING_RETENTION_HOURS: '48',
      }),
    ).toMatchObject({
      recordings: { retentionHours: 48 },
      s3: {
        bucket: 'emergency-recordings',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
        forcePathStyle: true,
      },
    });
    expect(loadConfig({ S3_BUCKET: 'evidence', S3_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'evidence',
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'minio' })).toThrow(
      new ConfigError(
        'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      ),
    );
    expect(() => loadConfig({ S3_BUCKET: 'No_Such Bucket' })).toThrow(
      'Invalid configuration: S3_BUCKET="No_Such Bucket" must be 3 to 63 lowercase letters, digits, dots or dashes',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', PUBLIC_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      publicUrl: undefined,
    });
  });

  it('reads and converts the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db:5432/beacon',
      PUBLIC_URL: 'https://beacon.example.org',
      JWT_SECRET: 'x'.repeat(32),
      AUTH_MAX_FAILED_SIGNINS: '5',
      AUTH_MAX_REQUESTS_PER_ADDRESS: '50',
      AUTH_RATE_WINDOW_MINUTES: '30',
      TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,2001:db8::/32',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
      SMTP_URL: 'smtps://beacon:secret@mail.example.org:465',
      HTTP_MAX_IN_FLIGHT_PER_ADDRESS: '200',
      HTTP_REQUEST_TIMEOUT_MS: '20000',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      databaseUrl: 'postgresql://app@db:5432/beacon',
      publicUrl: 'https://beacon.example.org',
      auth: { maxFailedSignIns: 5, maxRequestsPerAddress: 50, rateWindowMinutes: 30 },
      trustProxy: ['10.0.0.2', '10.1.0.0/16', '2001:db8::/32'],
      smtpUrl: 'smtps://beacon:secret@mail.example.org:465',
      http: { maxInFlightPerAddress: 200, requestTimeoutMs: 20_000, headersTimeoutMs: 5000 },
      sms: {
        twilio: {
          accountSid: 'AC123',
          authToken: 'secret',
          from: '+15005550006',
          baseUrl: 'https://api.twilio.com',
        },
      },
    });
  });

  it('refuses to start in production without an SMS provider, naming the variables', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://beacon.example.org',
      SMTP_URL: 'smtp://mail.example.org',
    };
    expect(() => loadConfig(production)).toThrow(
      new ConfigError(
        'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are required when NODE_ENV=production (an SMS provider)',
      ),
    );
    // Development keeps the dev outbox, so `npm start` needs no account anywhere.
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).sms.twilio).toBeNull();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://cache'],
    ['SMTP_URL', 'mail.example.org'],
    ['VITE_TILE_URL', 'https://tiles.example.org/map.png'],
    ['PUBLIC_URL', 'not a url'],
    ['JWT_SECRET', 'too-short'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['AUTH_MAX_FAILED_SIGNINS', '0'],
    ['AUTH_RATE_WINDOW_MINUTES', 'soon'],
    ['TRUST_PROXY', 'maybe'],
    ['HTTP_REQUEST_TIMEOUT_MS', '0'],
    ['HTTP_MAX_IN_FLIGHT_PER_ADDRESS', '0'],
  ])('a bad %s (%j) fails with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}=`));
  });

  // Everything else production needs, so that each test below meets only the rule it is about.
  const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15550001111' };
  const providers = { ...twilio, SMTP_URL: 'smtp://mail.example.org' };

  it('calls from TWILIO_VOICE_FROM, else from TWILIO_FROM when it is a number; production needs one', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://beacon.example.org', ...providers };
    expect(loadConfig(production).sms.twilio?.voiceFrom).toBe('+15550001111');
    const service = { ...production, TWILIO_FROM: 'MG0123' };
    expect(() => loadConfig(service)).toThrow(
      new ConfigError(
        'Invalid configuration: TWILIO_VOICE_FROM is required when NODE_ENV=production and TWILIO_FROM is a Messaging Service SID (a number to call from)',
      ),
    );
    expect(loadConfig({ ...service, TWILIO_VOICE_FROM: '+15550002222' }).sms.twilio).toMatchObject({
      from: 'MG0123',
      voiceFrom: '+15550002222',
    });
    // Development starts without one; a voice delivery then fails, saying no voice sender is configured.
    expect(loadConfig({ ...service, NODE_ENV: 'development' }).sms.twilio?.voiceFrom).toBeNull();
    expect(() => loadConfig({ TWILIO_VOICE_FROM: '5550002222' })).toThrow(
      /^Invalid configuration: TWILIO_VOICE_FROM=/,
    );
  });

  it('refuses to start in production without an e-mail provider, naming SMTP_URL in one line', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://beacon.example.org', ...twilio };
    expect(() => loadConfig(production)).toThrow(
      new ConfigError(
        'Invalid configuration: SMTP_URL is required when NODE_ENV=production (an e-mail provider)',
      ),
    );
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.org:587' }).smtpUrl).toBe(
      'smtp://mail.example.org:587',
    );
    // Development keeps the dev mail outbox.
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).smtpUrl).toBeUndefined();
  });

  it('reads TRUST_PROXY as the proxies it names; empty or unset trusts none', () => {
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1 , ::1,10.0.0.0/8 ' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toEqual([]);
    expect(loadConfig({}).trustProxy).toEqual([]);
  });

  it.each(['true', 'false', 'TRUE', 'yes', '1', '0', 'on'])(
    'refuses TRUST_PROXY=%s: it must name the proxies, not trust every hop',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        new ConfigError(
          `Invalid configuration: TRUST_PROXY=${JSON.stringify(value)} must list the proxies Beacon is reached through, by address or CIDR range (e.g. 127.0.0.1 or 10.0.0.0/8), not true or false`,
        ),
      );
    },
  );

  it.each([
    ['proxy.example.org', 'proxy.example.org'],
    ['10.0.0.1, 0.0.0.0/0', '0.0.0.0/0'],
    ['::/0', '::/0'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['10.0.0.0/8/1', '10.0.0.0/8/1'],
    ['127.0.0.1,loopback', 'loopback'],
  ])('refuses TRUST_PROXY=%j, naming the entry %j that is not an address or a range', (value, entry) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      new ConfigError(
        `Invalid configuration: TRUST_PROXY=${JSON.stringify(value)} has ${JSON.stringify(entry)}, which is not an IP address or a CIDR range of some addresses (e.g. 10.0.0.0/8)`,
      ),
    );
  });

  it('refuses HTTP time-outs that contradict each other or would cut off a waiting answer', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /^Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS$/,
    );
    // The SOS waits up to ALERT_FIRST_ATTEMPT_WAIT_MS (8 s) in silence for its first texts.
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '8000' })).toThrow(
      /^Invalid configuration: HTTP_IDLE_TIMEOUT_MS must be longer than ALERT_FIRST_ATTEMPT_WAIT_MS and OVERPASS_TIMEOUT_MS$/,
    );
    expect(
      loadConfig({
        HTTP_IDLE_TIMEOUT_MS: '500',
        ALERT_FIRST_ATTEMPT_WAIT_MS: '0',
        OVERPASS_TIMEOUT_MS: '100',
      }).http.idleTimeoutMs,
    ).toBe(500);
  });

  it('refuses to start in production without PUBLIC_URL: links are never built from a request header', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...providers })).toThrow(
      new ConfigError('Invalid configuration: PUBLIC_URL is required when NODE_ENV=production'),
    );
    // Development needs none: links use http://localhost:PORT (http/public-origin.ts).
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
  });

  it('refuses PUSH_ALLOW_ANY_ENDPOINT in production (it would let anyone make the server call any URL)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://beacon.example.org', ...providers };
    expect(() => loadConfig({ ...production, PUSH_ALLOW_ANY_ENDPOINT: 'true' })).toThrow(
      /^Invalid configuration: PUSH_ALLOW_ANY_ENDPOINT is for development and tests only/,
    );
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_ANY_ENDPOINT: 'true' }).push.allowAnyEndpoint).toBe(
      true,
    );
  });

  it('refuses DEV_CLOCK_CONTROL in production (moving the clock would fire real deadlines early)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://beacon.example.org', ...providers };
    expect(() => loadConfig({ ...production, DEV_CLOCK_CONTROL: 'true' })).toThrow(
      /^Invalid configuration: DEV_CLOCK_CONTROL is for development and tests only/,
    );
    expect(loadConfig({ NODE_ENV: 'development', DEV_CLOCK_CONTROL: 'true' }).devClockControl).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).devClockControl).toBe(false);
  });

  it('reads ALERT_ESCALATION_SECONDS (120 by default) and refuses one below 30 or above 1800', () => {
    expect(loadConfig({}).alerts.escalationSeconds).toBe(120);
    expect(loadConfig({ ALERT_ESCALATION_SECONDS: '45' }).alerts.escalationSeconds).toBe(45);
    for (const value of ['29', '1801', '60.5']) {
      expect(() => loadConfig({ ALERT_ESCALATION_SECONDS: value })).toThrow(/ALERT_ESCALATION_SECONDS/);
    }
  });
});
