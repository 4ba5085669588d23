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
      trustProxy: false,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
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
      TRUST_PROXY: 'true',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      databaseUrl: 'postgresql://app@db:5432/beacon',
      publicUrl: 'https://beacon.example.org',
      auth: { maxFailedSignIns: 5, maxRequestsPerAddress: 50, rateWindowMinutes: 30 },
      trustProxy: true,
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
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://beacon.example.org' };
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

  it('refuses to start in production without PUBLIC_URL: links are never built from a request header', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...twilio })).toThrow(
      new ConfigError('Invalid configuration: PUBLIC_URL is required when NODE_ENV=production'),
    );
    // Development needs none: links use http://localhost:PORT (http/public-origin.ts).
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
  });

  it('refuses PUSH_ALLOW_ANY_ENDPOINT in production (it would let anyone make the server call any URL)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://beacon.example.org', ...twilio };
    expect(() => loadConfig({ ...production, PUSH_ALLOW_ANY_ENDPOINT: 'true' })).toThrow(
      /^Invalid configuration: PUSH_ALLOW_ANY_ENDPOINT is for development and tests only/,
    );
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_ANY_ENDPOINT: 'true' }).push.allowAnyEndpoint).toBe(
      true,
    );
  });

  it('refuses DEV_CLOCK_CONTROL in production (moving the clock would fire real deadlines early)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://beacon.example.org', ...twilio };
    expect(() => loadConfig({ ...production, DEV_CLOCK_CONTROL: 'true' })).toThrow(
      /^Invalid configuration: DEV_CLOCK_CONTROL is for development and tests only/,
    );
    expect(loadConfig({ NODE_ENV: 'development', DEV_CLOCK_CONTROL: 'true' }).devClockControl).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).devClockControl).toBe(false);
  });
});
