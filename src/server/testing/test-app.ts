import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createLogger } from '../logger';
import type { Database } from '../db/database';
import { manualClock } from '../adapters/clock';
import { devOutboxMailer } from '../adapters/mail/dev-outbox-mailer';
import type { Mailer } from '../adapters/mail/mailer';
import {
  startFakeTwilio,
  type FakeCallRequest,
  type FakeReply,
  type FakeSmsRequest,
  type FakeTwilio,
} from '../adapters/sms/fake-twilio-server';
import { browserKeys, startPushService, type FakePushService } from './fake-push-service';
import { openTestDatabase, openTwoHandles } from './test-database';
import type { TestUser } from './test-users';

/**
 * The least a production configuration needs (config.ts): a public URL, an SMS provider and an e-mail provider.
 * The providers' addresses answer nothing, so a test that texts or mails by mistake fails instead of reaching
 * anyone (the test app itself keeps mail in the dev outbox whatever the configuration says).
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://beacon.example',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'test-auth-token',
  TWILIO_FROM: '+15005550006',
  TWILIO_BASE_URL: 'http://127.0.0.1:9',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  close(): Promise<void>;
};

/**
 * An app on its own fresh database, with a manual clock and the dev outbox. Pass `shared` to run a second
 * instance on the same database and clock (scale-out tests), optionally with a mailer of its own in place of the
 * dev outbox (one that fails or hangs); the caller then closes that database itself. `clientDir` is the built
 * client it serves (none by default).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  shared?: { db: Database; clock: ReturnType<typeof manualClock>; mailer?: Mailer },
  clientDir?: string,
): Promise<TestApp> {
  const db = shared?.db ?? (await openTestDatabase());
  // Recordings are kept in a folder of this app's own unless the test says where (DATA_DIR or S3_*).
  const dataDir = env.DATA_DIR ? null : await mkdtemp(path.join(tmpdir(), 'beacon-test-data-'));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret!',
    // Nothing listens there: no test asks the public Overpass service by mistake (its answer is the samples).
    OVERPASS_URL: 'http://127.0.0.1:9/api/interpreter',
    ...env,
  });
  const clock = shared?.clock ?? manualClock(new Date());
  const app = await buildApp({
    config,
    db,
    logger: createLogger('silent'),
    clock,
    mailer: shared?.mailer ?? devOutboxMailer(db),
    clientDir,
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    async close() {
      await app.close();
      if (!shared) await db.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two app instances on one test database and one manual clock, as two servers would run (on PostgreSQL each with
 * its own pools): the scale-out tests of jobs that must happen once. `close` ends both and the database.
 */
export async function createTwoTestApps(
  env: Record<string, string>,
): Promise<{ one: TestApp; two: TestApp; clock: ReturnType<typeof manualClock>; close(): Promise<void> }> {
  const handles = await openTwoHandles();
  const clock = manualClock(new Date());
  const one = await createTestApp(env, { db: handles.first, clock });
  const two = await createTestApp(env, { db: handles.second, clock });
  return {
    one,
    two,
    clock,
    async close() {
      await one.close();
      await two.close();
      await handles.close();
    },
  };
}

/** A test app with the stand-in push service its Web Push goes to. */
export type TestAppWithPush = TestApp & { push: FakePushService };

/**
 * A test app (as `createTestApp`, with `env`) that accepts push subscriptions at any address, and a stand-in push
 * service on 127.0.0.1 to subscribe browsers at (`subscribeBrowser`), which records what the app pushes. `close`
 * ends the app, then the push service.
 */
export async function createTestAppWithPush(env: Record<string, string> = {}): Promise<TestAppWithPush> {
  const push = await startPushService();
  const closePush = () => new Promise<void>((resolve) => push.server.close(() => resolve()));
  const sut = await createTestAppBeside(closePush, { PUSH_ALLOW_ANY_ENDPOINT: 'true', ...env });
  return { ...sut, push };
}

/**
 * A test app (as `createTestApp`, with `env`) beside a stand-in service already started: the stand-in is closed if
 * the app cannot be made, and `close` ends both — the app first, unless `closeStandInFirst`.
 */
async function createTestAppBeside(
  closeStandIn: () => Promise<void>,
  env: Record<string, string>,
  closeStandInFirst = false,
): Promise<TestApp> {
  let sut: TestApp;
  try {
    sut = await createTestApp(env);
  } catch (error) {
    await closeStandIn();
    throw error;
  }
  return {
    ...sut,
    async close() {
      const closeApp = () => sut.close();
      const [first, second] = closeStandInFirst ? [closeStandIn, closeApp] : [closeApp, closeStandIn];
      await first();
      await second();
    },
  };
}

/** A test app whose texts and calls go to a fake Twilio, which records them. */
export type TestAppWithTwilio = TestApp & { twilio: FakeTwilio };

export type TestAppWithTwilioOptions = {
  /** How the fake answers each text (it accepts every one unless told). */
  reply?: (request: FakeSmsRequest) => FakeReply;
  /** How the fake answers each call (it accepts every one unless told). */
  callReply?: (call: FakeCallRequest) => FakeReply;
  /** The account's auth token: the app's TWILIO_AUTH_TOKEN, and what the fake signs its callbacks with. */
  authToken?: string;
  /** Stamp the fake's messages with the app's manual clock, for tests that move it by hours. */
  stampWithAppClock?: boolean;
  /** More of the app's environment (time-outs, waits, PUBLIC_URL, …). */
  env?: Record<string, string>;
  /**
   * Close the fake before the app: a request the fake leaves hanging would otherwise keep the app's close waiting
   * until its SMS time-out.
   */
  closeTwilioFirst?: boolean;
};

/**
 * A test app (as `createTestApp`) whose SMS and voice provider is a fake Twilio on 127.0.0.1, started first so the
 * app is configured with its address. `close` ends the app, then the fake (or the other way round if asked).
 */
export async function createTestAppWithTwilio(
  options: TestAppWithTwilioOptions = {},
): Promise<TestAppWithTwilio> {
  const { reply, callReply, authToken = 'test-auth-token', stampWithAppClock = false, env = {} } = options;
  // The fake starts before the app whose clock it may read, but texts (and so stamps) come only once both run.
  const made: { app?: TestApp } = {};
  const twilio = await startFakeTwilio(reply, {
    callReply,
    authToken,
    ...(stampWithAppClock ? { now: () => made.app?.clock.now() ?? new Date() } : {}),
  });
  const appEnv = {
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: '+15005550006',
    TWILIO_BASE_URL: twilio.url,
    ...env,
  };
  made.app = await createTestAppBeside(() => twilio.close(), appEnv, options.closeTwilioFirst);
  return { ...made.app, twilio };
}

/**
 * Subscribes a new browser of `user`'s at `path` of the app's stand-in push service, as the browser's
 * PushSubscription.toJSON() would; answers the browser's keys, which `decryptPush` needs to read what it is pushed.
 */
export async function subscribeBrowser(
  sut: TestAppWithPush,
  user: TestUser,
  path: string,
): Promise<ReturnType<typeof browserKeys>> {
  const browser = browserKeys();
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: user.headers,
    payload: { endpoint: sut.push.url(path), keys: browser.keys, expirationTime: null },
  });
  expect(res.statusCode).toBe(204);
  return browser;
}
