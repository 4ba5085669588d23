/**
 * How fast does one ward's position reach their guardians' open sockets, next to Mosquitto doing the same fan-out?
 *
 * A benchmark, not a test: it asserts nothing. It
 * 1. starts the server from a checkout (`--repo`) on PGlite in a temp dir or a throwaway PostgreSQL database
 *    (`--database-url`), signs up one ward and the largest number of guardians asked for (`--guardians`), and
 *    links each guardian as people do (invite code, redeemed by the ward, accepted by the guardian);
 * 2. for each guardian count N: opens N WebSockets (`/api/realtime?access_token=…`, one per guardian) and waits for
 *    each one's `ready`; then
 *    - burst: the ward uploads `--burst` positions (POST /api/locations, `--upload-concurrency` in flight), each a
 *      new place; timed from the first upload sent to the last `location.updated` received, as deliveries a second;
 *    - paced: one upload every 1/`--rate` s for `--paced-seconds`; each delivery timed from its upload being sent;
 * 3. the same with Mosquitto (`--mqtt`, default 127.0.0.1:1883): N subscribers on one topic, one publisher sending
 *    payloads of the same size at QoS 0, burst and paced, from the same process;
 * 4. prints deliveries a second, latency (median, p99), losses and the ratio Beacon / Mosquitto per row, with the
 *    load average.
 *
 * Both sides include their receivers' work in this process (a socket read, finding the position's number in the
 * text); Beacon's side also includes the upload (session check, insert) that makes the event, as a phone's would.
 *
 * Run: `npx tsx bench/realtime-fanout.ts [--database-url <url>] [--guardians 10,200]`. See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Pool } from 'undici';
import { expectStatus, postJson, signUp, ApiError } from './lib/api';
import { loadAverage, withServer, type Harness } from './lib/harness';
import { intOption, parseBenchArgs, type SharedOptions } from './lib/options';
import { connectMqtt, type MqttClient } from './lib/mqtt-client';
import { isRecord, log, mapLimit, percentile, sleep } from './lib/util';
import { openSocket, type BenchSocket } from './lib/ws-client';

type Options = SharedOptions & {
  guardians: number[];
  burst: number;
  uploadConcurrency: number;
  rate: number;
  pacedSeconds: number;
  mqtt: { host: string; port: number } | null;
};

const USAGE = `Usage: npx tsx bench/realtime-fanout.ts [options]

  --repo <dir>                 Beacon checkout to run (default: cwd)
  --database-url <url>         PostgreSQL server URL (a throwaway database); without it PGlite in a temp dir
  --guardians <n,n,…>          guardian counts to measure, one row each (default 10,200)
  --burst <n>                  positions in the burst (default 500)
  --upload-concurrency <n>     the burst's uploads in flight (default 16)
  --rate <n>                   paced positions a second (default 10)
  --paced-seconds <n>          how long the paced phase runs (default 5)
  --mqtt <host:port|none>      the MQTT broker to compare with (default 127.0.0.1:1883)
  --json                       also print the result as one JSON line
  -h, --help`;

function parseOptions(argv: string[]): Options {
  const { values, shared } = parseBenchArgs(argv, USAGE, {
    guardians: { type: 'string' },
    burst: { type: 'string' },
    'upload-concurrency': { type: 'string' },
    rate: { type: 'string' },
    'paced-seconds': { type: 'string' },
    mqtt: { type: 'string' },
  });
  const mqtt = values.mqtt ?? '127.0.0.1:1883';
  const [host, port] = mqtt.split(':');
  return {
    ...shared,
    guardians: (values.guardians ?? '10,200').split(',').map((n) => intOption('guardians', n, 10)),
    burst: intOption('burst', values.burst, 500),
    uploadConcurrency: intOption('upload-concurrency', values['upload-concurrency'], 16),
    rate: intOption('rate', values.rate, 10),
    pacedSeconds: intOption('paced-seconds', values['paced-seconds'], 5),
    mqtt: mqtt === 'none' ? null : { host: host ?? '127.0.0.1', port: Number(port ?? 1883) },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Counting deliveries: each position's number is in its latitude, found in the text without parsing the rest
// ---------------------------------------------------------------------------------------------------------------

/** Latitude of position `seq` in phase `phase`: a new place every time. */
const latitudeOf = (phase: number, seq: number): number => 10 + phase + seq * 0.0001;

function seqOf(text: string, phase: number): number | null {
  const at = text.indexOf('"latitude":');
  if (at < 0) return null;
  const latitude = Number.parseFloat(text.slice(at + 11, at + 40));
  const seq = Math.round((latitude - 10 - phase) / 0.0001);
  return Number.isFinite(seq) && seq >= 0 && seq < 1_000_000 ? seq : null;
}

/** One phase's receipts: how many arrived, and each one's delay from when its position was sent. */
class Receipts {
  delivered = 0;
  lastAt = 0;
  readonly delays: number[] = [];
  private done: (() => void) | null = null;
  constructor(
    readonly phase: number,
    private readonly sentAt: Map<number, number>,
    private readonly expected: number,
  ) {}

  receive(text: string): void {
    const seq = seqOf(text, this.phase);
    if (seq === null) return;
    const now = performance.now();
    this.delivered++;
    this.lastAt = now;
    const sent = this.sentAt.get(seq);
    if (sent !== undefined) this.delays.push(now - sent);
    if (this.delivered >= this.expected) this.done?.();
  }

  /** Resolves once every expected delivery is in, or after `timeoutMs`. */
  async all(timeoutMs: number): Promise<void> {
    if (this.delivered >= this.expected) return;
    await Promise.race([new Promise<void>((resolve) => (this.done = resolve)), sleep(timeoutMs)]);
  }
}

type Row = {
  side: 'beacon' | 'mosquitto';
  guardians: number;
  burstPerSecond: number;
  burstLost: number;
  pacedP50: number | null;
  pacedP99: number | null;
  pacedLost: number;
};

// ---------------------------------------------------------------------------------------------------------------
// One row, the same for both sides: a burst, then a paced phase
// ---------------------------------------------------------------------------------------------------------------

/** Where the receivers hand each text: the receipts of the phase being timed, none between phases. */
type Inbox = { receipts: Receipts | null };

/** One side of the comparison: how it sends a position to its receivers. */
type Sender = {
  side: Row['side'];
  /** Sends position `seq` of `phase`; resolves once it is handed over (an upload: answered). */
  send(phase: number, seq: number): Promise<void>;
  /** How many of the burst's positions may be on their way at once. */
  burstInFlight: number;
};

/**
 * Times one side's fan-out to `n` receivers: a burst of `--burst` positions (deliveries a second from the first sent
 * to the last received), then `--rate` a second for `--paced-seconds` (each delivery from its position being sent).
 */
async function measureRow(
  options: Options,
  n: number,
  phaseBase: number,
  inbox: Inbox,
  sender: Sender,
): Promise<Row> {
  const burstPhase = phaseBase;
  const burstSent = new Map<number, number>();
  const burstReceipts = new Receipts(burstPhase, burstSent, n * options.burst);
  inbox.receipts = burstReceipts;
  const startedAt = performance.now();
  await mapLimit(
    Array.from({ length: options.burst }, (_, seq) => seq),
    sender.burstInFlight,
    async (seq) => {
      burstSent.set(seq, performance.now());
      await sender.send(burstPhase, seq);
    },
  );
  await burstReceipts.all(30_000);
  const burstSeconds = (burstReceipts.lastAt - startedAt) / 1000;
  await sleep(300);

  const pacedPhase = phaseBase + 1;
  const count = options.rate * options.pacedSeconds;
  const pacedSent = new Map<number, number>();
  const pacedReceipts = new Receipts(pacedPhase, pacedSent, n * count);
  inbox.receipts = pacedReceipts;
  const everyMs = 1000 / options.rate;
  const pacedStart = performance.now();
  const sends: Array<Promise<void>> = [];
  for (let seq = 0; seq < count; seq++) {
    const wait = pacedStart + seq * everyMs - performance.now();
    if (wait > 0) await sleep(wait);
    pacedSent.set(seq, performance.now());
    // Sent on time whether or not the previous one is answered yet.
    sends.push(sender.send(pacedPhase, seq));
  }
  await Promise.all(sends);
  await pacedReceipts.all(10_000);
  return {
    side: sender.side,
    guardians: n,
    burstPerSecond: burstReceipts.delivered / burstSeconds,
    burstLost: n * options.burst - burstReceipts.delivered,
    pacedP50: percentile(pacedReceipts.delays, 50),
    pacedP99: percentile(pacedReceipts.delays, 99),
    pacedLost: n * count - pacedReceipts.delivered,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Beacon
// ---------------------------------------------------------------------------------------------------------------

async function linkGuardian(baseUrl: string, guardian: string, ward: string): Promise<void> {
  const as = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
  const created = await postJson(baseUrl, '/api/invite-codes', {}, as(guardian));
  expectStatus('POST /api/invite-codes', created, [201]);
  const code = isRecord(created.json) ? created.json.code : undefined;
  if (typeof code !== 'string') throw new ApiError('POST /api/invite-codes answered without a code');
  const redeemed = await postJson(baseUrl, '/api/invite-codes/redeem', { code }, as(ward));
  expectStatus('POST /api/invite-codes/redeem', redeemed, [201]);
  const id = isRecord(redeemed.json) ? redeemed.json.id : undefined;
  if (typeof id !== 'string') throw new ApiError('POST /api/invite-codes/redeem answered without an id');
  const response = await fetch(`${baseUrl}/api/guardian-relationships/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...as(guardian) },
    body: JSON.stringify({ status: 'active' }),
  });
  expectStatus(
    'PATCH /api/guardian-relationships/:id',
    { status: response.status, json: await response.text() },
    [200],
  );
}

/** Fewer than the ward's redemptions allowed per window (INVITE_REDEMPTION_LIMITS.perUser). */
const API_LINKS = 8;

/** The `sub` of an access token (its payload, not checked: the server issued it a moment ago). */
function userIdOf(token: string): string {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (!isRecord(payload) || typeof payload.sub !== 'string') throw new Error('an access token without sub');
  return payload.sub;
}

const INSERT_RELATIONSHIPS = `INSERT INTO guardian_relationships (guardian_id, ward_id, status, activated_at)
  SELECT g, $2::uuid, 'active', now() FROM unnest($1::uuid[]) AS g`;

/** Active relationships written straight into the database (PGlite: with the server stopped meanwhile). */
async function linkInDatabase(harness: Harness, ward: string, guardians: readonly string[]): Promise<void> {
  const params = [guardians.map(userIdOf), userIdOf(ward)];
  if (harness.databaseUrl) {
    const client = new pg.Client({ connectionString: harness.databaseUrl });
    await client.connect();
    try {
      await client.query(INSERT_RELATIONSHIPS, params);
    } finally {
      await client.end();
    }
    return;
  }
  await harness.restart(async () => {
    // The server keeps its embedded database in <DATA_DIR>/pglite (src/server/db/open-database.ts).
    const db = await PGlite.create({ dataDir: path.join(harness.dataDir, 'pglite') });
    try {
      await db.query(INSERT_RELATIONSHIPS, params);
    } finally {
      await db.close();
    }
  });
}

/** Opens one socket per guardian and resolves once each has said `ready` (fails after 30 s without it). */
async function openGuardianSockets(
  baseUrl: string,
  tokens: readonly string[],
  onText: (text: string) => void,
): Promise<BenchSocket[]> {
  const wsBase = baseUrl.replace(/^http/, 'ws');
  return mapLimit(tokens, 16, async (token) => {
    let settle: (error?: Error) => void = () => undefined;
    const isReady = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error("a guardian's socket said nothing for 30 s")), 30_000);
      settle = (error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
    });
    const socket = await openSocket(
      `${wsBase}/api/realtime?access_token=${encodeURIComponent(token)}`,
      (text) => {
        if (text.startsWith('{"type":"ready"')) settle();
        else onText(text);
      },
    );
    socket.once('close', (code: number) => settle(new Error(`a guardian's socket closed with ${code}`)));
    await isReady;
    return socket;
  });
}

async function beaconRow(
  options: Options,
  baseUrl: string,
  wardToken: string,
  guardianTokens: readonly string[],
  phaseBase: number,
): Promise<Row> {
  const inbox: Inbox = { receipts: null };
  const sockets = await openGuardianSockets(baseUrl, guardianTokens, (text) => inbox.receipts?.receive(text));
  const pool = new Pool(baseUrl, { connections: options.uploadConcurrency, pipelining: 1 });
  const upload = async (phase: number, seq: number): Promise<void> => {
    const response = await pool.request({
      method: 'POST',
      path: '/api/locations',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${wardToken}` },
      body: JSON.stringify({
        latitude: latitudeOf(phase, seq),
        longitude: 11.5,
        accuracy: 10,
        timestamp: new Date().toISOString(),
        battery: 80,
      }),
    });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`POST /api/locations answered ${response.statusCode}`);
  };
  try {
    return await measureRow(options, guardianTokens.length, phaseBase, inbox, {
      side: 'beacon',
      send: upload,
      burstInFlight: options.uploadConcurrency,
    });
  } finally {
    inbox.receipts = null;
    await pool.close();
    for (const socket of sockets) socket.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Mosquitto: the same fan-out with nothing stored
// ---------------------------------------------------------------------------------------------------------------

async function mosquittoRow(
  options: Options,
  broker: { host: string; port: number },
  n: number,
  template: string,
  phaseBase: number,
): Promise<Row> {
  const run = randomBytes(4).toString('hex');
  const topic = `beacon-bench/${run}/ward`;
  const inbox: Inbox = { receipts: null };
  const subscribers: MqttClient[] = await mapLimit(
    Array.from({ length: n }, (_, i) => i),
    16,
    async (i) => {
      const client = await connectMqtt({ ...broker, clientId: `beacon-bench-${run}-${i}` });
      client.onMessage((_topic, payload) => inbox.receipts?.receive(payload.toString('utf8')));
      await client.subscribe(topic);
      return client;
    },
  );
  const publisher = await connectMqtt({ ...broker, clientId: `beacon-bench-${run}-publisher` });
  // The same text as a Beacon event, with this position's latitude.
  const payload = (phase: number, seq: number): string =>
    template.replace(/"latitude":[^,]*/, `"latitude":${latitudeOf(phase, seq)}`);
  try {
    return await measureRow(options, n, phaseBase, inbox, {
      side: 'mosquitto',
      send: (phase, seq) => {
        publisher.publish(topic, payload(phase, seq));
        return Promise.resolve();
      },
      // QoS 0 waits for nothing: the whole burst is written at once.
      burstInFlight: options.burst,
    });
  } finally {
    inbox.receipts = null;
    await Promise.all([publisher, ...subscribers].map((client) => client.close()));
  }
}

// ---------------------------------------------------------------------------------------------------------------

const ms = (value: number | null): string => (value === null ? '-' : `${value.toFixed(2)} ms`);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadAtStart = loadAverage();
  const most = Math.max(...options.guardians);
  const result = await withServer(
    { repo: options.repo, databaseUrl: options.databaseUrl },
    async (harness) => {
      const run = randomBytes(4).toString('hex');
      log(`signing up a ward and ${most} guardians, and linking them`);
      const ward = await signUp(harness.server.baseUrl, `bench-${run}-ward@example.com`);
      const guardians = await mapLimit(
        Array.from({ length: most }, (_, i) => i),
        4,
        (i) => signUp(harness.server.baseUrl, `bench-${run}-guardian-${i}@example.com`),
      );
      // The first few as people link one; a person may redeem only a few codes in a quarter of an hour, so the rest
      // are written into the database as active relationships.
      const linkedByApi = Math.min(API_LINKS, most);
      for (const guardian of guardians.slice(0, linkedByApi))
        await linkGuardian(harness.server.baseUrl, guardian, ward);
      if (most > linkedByApi) await linkInDatabase(harness, ward, guardians.slice(linkedByApi));
      const { baseUrl } = harness.server;

      // One event's text, for Mosquitto's payloads of the same size.
      let template = '';
      const probe = await openGuardianSockets(baseUrl, guardians.slice(0, 1), (text) => {
        if (text.includes('"location.updated"')) template = text;
      });
      await postJson(
        baseUrl,
        '/api/locations',
        { latitude: 1, longitude: 1 },
        { authorization: `Bearer ${ward}` },
      );
      for (let i = 0; i < 100 && !template; i++) await sleep(50);
      for (const socket of probe) socket.close();
      if (!template) throw new Error('no location.updated event reached the probe socket');

      const rows: Row[] = [];
      let phase = 0;
      for (const n of options.guardians) {
        log(`Beacon: 1 ward → ${n} guardians`);
        rows.push(await beaconRow(options, baseUrl, ward, guardians.slice(0, n), phase));
        phase += 2;
        if (options.mqtt) {
          log(`Mosquitto: 1 publisher → ${n} subscribers`);
          rows.push(await mosquittoRow(options, options.mqtt, n, template, phase));
          phase += 2;
        }
      }
      return { commit: harness.commit, database: harness.server.database, rows, eventBytes: template.length };
    },
  );
  const loadAtEnd = loadAverage();
  const lines = [
    `realtime fan-out: ${result.commit}, ${result.database}, burst ${options.burst}, paced ${options.rate}/s for ${options.pacedSeconds} s, event ${result.eventBytes} bytes`,
    `load average at start ${loadAtStart}, at end ${loadAtEnd}`,
    '',
    'side        guardians  burst deliveries/s  lost   paced median  paced p99   lost',
  ];
  for (const row of result.rows) {
    lines.push(
      `${row.side.padEnd(11)} ${String(row.guardians).padEnd(10)} ${row.burstPerSecond.toFixed(0).padEnd(19)} ${String(row.burstLost).padEnd(6)} ${ms(row.pacedP50).padEnd(13)} ${ms(row.pacedP99).padEnd(11)} ${row.pacedLost}`,
    );
  }
  const ratios: Array<{ guardians: number; burst: number; pacedP50: number | null }> = [];
  for (const n of options.guardians) {
    const beacon = result.rows.find((row) => row.side === 'beacon' && row.guardians === n);
    const broker = result.rows.find((row) => row.side === 'mosquitto' && row.guardians === n);
    if (!beacon || !broker) continue;
    const pacedP50 = beacon.pacedP50 && broker.pacedP50 ? beacon.pacedP50 / broker.pacedP50 : null;
    ratios.push({ guardians: n, burst: beacon.burstPerSecond / broker.burstPerSecond, pacedP50 });
  }
  if (ratios.length > 0) lines.push('');
  for (const ratio of ratios) {
    lines.push(
      `1 → ${ratio.guardians}: burst Beacon / Mosquitto ${ratio.burst.toFixed(3)}x; paced median Beacon / Mosquitto ${ratio.pacedP50 === null ? '-' : `${ratio.pacedP50.toFixed(1)}x`}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (options.json)
    process.stdout.write(`${JSON.stringify({ ...result, ratios, loadAtStart, loadAtEnd })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
