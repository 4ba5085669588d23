/**
 * Crash safety, end to end: the real server in a child process, killed with SIGKILL mid-way, restarted on the same
 * database. A fake Twilio stands in for the provider. Like Twilio it does NOT de-duplicate: every text it takes
 * reaches the phone, however often it is sent. Each contact is texted once because the restarted server asks the
 * fake's message list whether the text (found by its reference) already went before sending it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import { acceptedReply, startFakeTwilio, type FakeTwilio } from '../../adapters/sms/fake-twilio-server';
import { smsReference } from '../../adapters/sms/sms-reference';
import type { Database } from '../../db/database';
import { createPGlite, fromPGlite } from '../../db/open-pglite';
import { openPostgres } from '../../db/open-postgres';
import { createPostgresClone } from '../../testing/test-database';
import { createAccessTokens } from '../auth/access-token';
import { buildServer } from '../../../../scripts/build-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JWT_SECRET = 'crash-test-secret-crash-test-secret!';
const CONTACTS = [
  { id: 'c1', name: 'Ann Contact', phone: '+12015550125' },
  { id: 'c2', name: 'Ben Contact', phone: '2015550126' },
];

type Server = { url: string; child: ChildProcess; output: () => string };
type TestDatabase = { env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});

/**
 * The server as `npm start` runs it (plain node, scripts/build-server.mjs), built once for this file into a folder
 * of its own beside dist/server (the same depth, so its paths to dist/ resolve alike): each of the file's four
 * starts then compiles no TypeScript, and no other run's build of dist/server can change it meanwhile.
 */
let builtServer: Promise<string> | undefined;
function serverMain(): Promise<string> {
  builtServer ??= (async () => {
    await mkdir(path.join(ROOT, 'dist'), { recursive: true });
    const outDir = await mkdtemp(path.join(ROOT, 'dist', 'crash-safety-'));
    await buildServer(outDir);
    return path.join(outDir, 'main.js');
  })();
  return builtServer;
}
afterAll(async () => {
  if (builtServer) await rm(path.dirname(await builtServer), { recursive: true, force: true });
});

describe('alert pipeline crash safety', () => {
  it('completes a text that was in flight when the server died, and each contact gets it once', async () => {
    // The provider takes every first request and never answers it; resends are answered.
    const fake = await startFake((attempt) => (attempt === 1 ? 'hang' : acceptedReply()));
    const db = await createDatabase();
    const user = await seedUser(db);
    // The provider's time-out is far longer than the kill takes, however busy the machine: the first texts must
    // still be in flight when the server dies. With 3 s, a CI run on a busy machine saw the restarted server look up
    // no text at all, most likely because both had timed out before the kill.
    const env = serverEnv(db, fake, { ALERT_DELIVERY_LEASE_MS: '4000', SMS_TIMEOUT_MS: '15000' });

    const first = await startServer(env);
    const key = randomUUID();
    const inFlight = postAlert(first, user.token, key).catch((error: unknown) => error);
    await fake.waitForRequests(CONTACTS.length, 90_000);
    await kill(first);
    expect(await inFlight).toBeInstanceOf(Error); // the phone saw the connection drop…

    const second = await startServer(env);
    const retried = await postAlert(second, user.token, key); // …and retried with the same key
    expect(retried.status).toBe(200);
    const alert = await waitUntilSettled(
      second,
      user.token,
      ((await retried.json()) as AlertDetail).alert.id,
    );

    expect(alert.deliveries.map((d) => [d.recipient, d.status, d.attempts])).toEqual([
      ['+12015550125', 'sent', 2],
      ['+12015550126', 'sent', 2],
    ]);
    // The restarted server asked the provider's message list about each number before sending again.
    expect(fake.lookups.map((query) => query.get('To')).sort()).toEqual(['+12015550125', '+12015550126']);
    await expectOneAlertOneTextPerContact(second, user.token, db, fake, alert);
  }, 240_000);

  it('sends, once, an alert that was written but not yet sent when the server died', async () => {
    const fake = await startFake(() => acceptedReply());
    const db = await createDatabase();
    const user = await seedUser(db);

    // This instance writes alerts but runs no jobs, so nothing is sent before the kill.
    const first = await startServer(
      serverEnv(db, fake, { SCHEDULER_ENABLED: 'false', ALERT_FIRST_ATTEMPT_WAIT_MS: '0' }),
    );
    const res = await postAlert(first, user.token, randomUUID());
    expect(res.status).toBe(201);
    const written = (await res.json()) as AlertDetail;
    expect(written.deliveries.map((d) => [d.status, d.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    await kill(first);
    expect(fake.requests).toHaveLength(0);

    const second = await startServer(serverEnv(db, fake, {}));
    const alert = await waitUntilSettled(second, user.token, written.alert.id);
    expect(alert.deliveries.map((d) => [d.recipient, d.status, d.attempts])).toEqual([
      ['+12015550125', 'sent', 1],
      ['+12015550126', 'sent', 1],
    ]);
    await expectOneAlertOneTextPerContact(second, user.token, db, fake, alert);
  }, 240_000);
});

async function expectOneAlertOneTextPerContact(
  server: Server,
  token: string,
  db: TestDatabase,
  fake: FakeTwilio,
  alert: AlertDetail,
): Promise<void> {
  const list = await fetch(`${server.url}/api/alerts`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await list.json()) as { alerts: AlertDetail[] }).alerts.map((a) => a.alert.id)).toEqual([
    alert.alert.id,
  ]);
  await stop(server);
  // The database holds exactly one delivery row per contact…
  const database = await db.open();
  const { rows } = await database.query<{ recipient: string }>(
    'SELECT recipient FROM alert_deliveries ORDER BY recipient',
  );
  await database.close();
  expect(rows.map((r) => r.recipient)).toEqual(['+12015550125', '+12015550126']);
  // …each number was sent the text once, carrying that delivery's reference, and received it once.
  for (const delivery of alert.deliveries) {
    const requests = fake.requests.filter((r) => r.to === delivery.recipient);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body.endsWith(`\nRef ${smsReference(delivery.id)}`)).toBe(true);
    expect(fake.delivered.filter((r) => r.to === delivery.recipient)).toHaveLength(1);
  }
}

// --- Helpers ----------------------------------------------------------------------------------------------------

async function startFake(reply: Parameters<typeof replyByAttempt>[0]): Promise<FakeTwilio> {
  const fake = await startFakeTwilio(replyByAttempt(reply));
  cleanups.push(() => fake.close());
  return fake;
}

function replyByAttempt(
  reply: (attempt: number) => ReturnType<typeof acceptedReply>,
): Parameters<typeof startFakeTwilio>[0] {
  return (request) => reply(request.attempt);
}

/** A migrated database the child process can use: a PGlite data directory, or a fresh PostgreSQL database. */
async function createDatabase(): Promise<TestDatabase> {
  if (process.env.BEACON_TEST_DB === 'postgres') {
    const clone = await createPostgresClone();
    const db: TestDatabase = {
      env: { DATABASE_URL: clone.url },
      open: async () => openPostgres(clone.url, { max: 2, urgent: 1 }),
      drop: () => clone.drop(),
    };
    cleanups.push(() => db.drop());
    return db;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'beacon-crash-'));
  const dataDir = path.join(dir, 'pglite');
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  await (await createPGlite({ dataDir, loadDataDir: template })).close();
  const db: TestDatabase = {
    env: { DATA_DIR: dir },
    open: async () => fromPGlite(await createPGlite({ dataDir })),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
  cleanups.push(() => db.drop());
  return db;
}

/** A signed-in person with two emergency contacts, written before the server starts (createTestUser's way). */
async function seedUser(db: TestDatabase): Promise<{ id: string; token: string }> {
  const database = await db.open();
  try {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@example.test`;
    await database.query("INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'not-a-hash')", [
      id,
      email,
    ]);
    await database.query("INSERT INTO profiles (id, full_name, email) VALUES ($1, 'Crash Person', $2)", [
      id,
      email,
    ]);
    for (const [position, contact] of CONTACTS.entries()) {
      await database.query(
        'INSERT INTO emergency_contacts (user_id, id, name, phone, position) VALUES ($1, $2, $3, $4, $5)',
        [id, contact.id, contact.name, contact.phone, position],
      );
    }
    const { rows } = await database.query<{ id: string }>(
      'INSERT INTO auth_sessions (user_id) VALUES ($1) RETURNING id',
      [id],
    );
    const { token } = await createAccessTokens(JWT_SECRET).sign(
      { userId: id, sessionId: rows[0]!.id, email },
      new Date(),
    );
    return { id, token };
  } finally {
    await database.close();
  }
}

function serverEnv(
  db: TestDatabase,
  fake: FakeTwilio,
  extra: Record<string, string>,
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    TWILIO_ACCOUNT_SID: 'AC11111111111111111111111111111111',
    TWILIO_AUTH_TOKEN: 'crash-test-token',
    TWILIO_FROM: '+15005550006',
    TWILIO_BASE_URL: fake.url,
    SCHEDULER_INTERVAL_MS: '200',
    ...db.env,
    ...extra,
  };
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [await serverMain()], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: Server = { url: `http://127.0.0.1:${port}`, child, output: () => output };
  cleanups.push(() => kill(server));
  // A start takes about a second here, many times that in a CI run whose other suites keep both cores busy. The
  // bounds below are how long to wait, not how long it may take.
  const started = await vi.waitFor(
    async () => {
      if (child.exitCode !== null) return false;
      const healthy = await fetch(`${server.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) throw new Error(`server did not start:\n${output}`);
      return true;
    },
    { timeout: 150_000, interval: 100 },
  );
  if (!started) throw new Error(`server exited during start-up:\n${output}`);
  return server;
}

function postAlert(server: Server, token: string, key: string): Promise<Response> {
  return fetch(`${server.url}/api/alerts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ triggerType: 'manual', location: { latitude: 48.8584, longitude: 2.2945 } }),
  });
}

async function waitUntilSettled(server: Server, token: string, alertId: string): Promise<AlertDetail> {
  return vi.waitFor(
    async () => {
      const res = await fetch(`${server.url}/api/alerts/${alertId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const alert = (await res.json()) as AlertDetail;
      if (!alert.deliveries.every((d) => d.status === 'sent' || d.status === 'failed'))
        throw new Error(`deliveries did not settle: ${JSON.stringify(alert.deliveries)}\n${server.output()}`);
      return alert;
    },
    { timeout: 90_000, interval: 200 },
  );
}

/** SIGKILL: no shutdown hooks, no flushing — a crash. */
function kill(server: Server): Promise<void> {
  return signal(server, 'SIGKILL');
}

/** SIGTERM: a clean stop, so the database can be opened afterwards. */
function stop(server: Server): Promise<void> {
  return signal(server, 'SIGTERM');
}

function signal(server: Server, name: NodeJS.Signals): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(name);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
