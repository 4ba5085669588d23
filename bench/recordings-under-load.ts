/**
 * Does an SOS stay fast while many phones upload emergency recordings, and how soon does a guardian watching one
 * see each piece?
 *
 * A benchmark, not a test: it asserts nothing about timings, it prints them. It drives a Beacon server only over
 * HTTP (see bench/README.md):
 *
 * 1. starts a fake Twilio and the server (PGlite in a temp dir, or a throwaway PostgreSQL database);
 * 2. signs up SOS users (one unique contact number each), uploaders, and a guardian for each of the first
 *    `--watched` uploaders, linked through the invite-code API and accepted;
 * 3. baseline: raises `--sos` SOS at a steady pace with no other traffic, timing each to the fake provider's text;
 * 4. under load: a separate process has every uploader start a video recording (POST /api/recordings) and PUT one
 *    piece of `--piece-bytes` random bytes a second, paced in real time for `--seconds`, then finish it; each
 *    watching guardian asks for a playback URL and keeps the live media stream open. Meanwhile the same number of
 *    SOS is raised and timed as in the baseline;
 * 5. prints SOS median/p99 of both phases and their ratio, the upload throughput and refusals, and the time from a
 *    piece's PUT being answered to its last byte arriving on the guardian's stream.
 *
 * Run: `npx tsx bench/recordings-under-load.ts [--database-url <url>] [--uploaders <n>] [--seconds <n>]`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  addContact,
  ApiError,
  expectStatus,
  postJson,
  runSosPhase,
  signUp,
  type PhaseResult,
  type User,
} from './lib/api';
import { withServer } from './lib/harness';
import { intOption, parseBenchArgs, type SharedOptions } from './lib/options';
import { isRecord, log, mapLimit, percentile, sleep } from './lib/util';

const LOAD_CHILD_FLAG = '--recording-load-child';

/** One second of video at 2.5 Mbit/s plus audio at 128 kbit/s (RECORDING's bit rates), in bytes. */
const DEFAULT_PIECE_BYTES = Math.round((2_500_000 + 128_000) / 8);

/** A piece that is refused or fails is sent again this many times (a phone retries too), a second apart. */
const PIECE_RETRIES = 3;

/**
 * A piece this late on a guardian's stream was not sent on the upload's news but found later (the stream's next
 * look at the database, or the next piece's news, about a second on).
 */
const LATE_PIECE_MS = 500;

// ---------------------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------------------

type Options = SharedOptions & {
  sos: number;
  warmupSos: number;
  uploaders: number;
  /** Pieces per recording, one a second. */
  seconds: number;
  pieceBytes: number;
  watched: number;
  loadWarmupMs: number;
  /** SOS start this far apart in both phases; by default they span the upload window. */
  sosEveryMs: number;
  smsTimeoutMs: number;
  maxPhaseMs: number;
  /** HTTP_MEDIA_CONCURRENCY for the server; the server's default when absent. */
  mediaConcurrency: number | undefined;
  niceLoader: boolean;
};

const USAGE = `Usage: npx tsx bench/recordings-under-load.ts [options]

  --repo <dir>              Beacon checkout to run (default: cwd)             env BENCH_REPO
  --database-url <url>      PostgreSQL server URL; a throwaway database       env BENCH_DATABASE_URL
                            beacon_bench_<random> is created and dropped.
                            Without it the server uses PGlite in a temp dir.
  --sos <n>                 SOS raised per phase (default 30)                 env BENCH_SOS
  --warmup-sos <n>          SOS raised and discarded before the baseline (default 3)
  --uploaders <n>           phones recording at once (default 20)
  --seconds <n>             pieces per recording, one a second (default 30)
  --piece-bytes <n>         bytes per piece (default ${DEFAULT_PIECE_BYTES}: 2.5 Mbit/s video
                            + 128 kbit/s audio)
  --watched <n>             recordings a guardian watches live (default 3)
  --load-warmup-ms <ms>     uploads run this long before SOS are timed (default 3000)
  --sos-every-ms <ms>       one SOS starts this often, in both phases (default:
                            spread over the upload window)
  --sms-timeout-ms <ms>     give up on one SOS's text after this (default 30000)
  --max-phase-seconds <s>   stop a phase early after this long (default 60)
  --media-concurrency <n>   HTTP_MEDIA_CONCURRENCY of the server (default: the server's)
  --nice-loader             run the upload generator at the lowest CPU priority
  --json                    also print the result as one JSON line
  -h, --help`;

function parseOptions(argv: string[]): Options {
  const { values, shared } = parseBenchArgs(
    argv,
    USAGE,
    {
      sos: { type: 'string' },
      'warmup-sos': { type: 'string' },
      uploaders: { type: 'string' },
      seconds: { type: 'string' },
      'piece-bytes': { type: 'string' },
      watched: { type: 'string' },
      'load-warmup-ms': { type: 'string' },
      'sos-every-ms': { type: 'string' },
      'sms-timeout-ms': { type: 'string' },
      'max-phase-seconds': { type: 'string' },
      'media-concurrency': { type: 'string' },
      'nice-loader': { type: 'boolean', default: false },
    },
    { repo: 'BENCH_REPO', 'database-url': 'BENCH_DATABASE_URL', sos: 'BENCH_SOS' },
  );
  const sos = intOption('sos', values.sos, 30, 1, 10_000);
  const uploaders = intOption('uploaders', values.uploaders, 20, 1, 1000);
  // The server's limits: RECORDING.maxChunksPerRecording pieces, RECORDING.maxChunkBytes each.
  const seconds = intOption('seconds', values.seconds, 30, 1, 360);
  const loadWarmupMs = intOption('load-warmup-ms', values['load-warmup-ms'], 3000, 0, 600_000);
  // The SOS end about two seconds before the last pieces are sent, so every one is timed under the full load.
  const spread = Math.floor((seconds * 1000 - loadWarmupMs - 2000) / sos);
  return {
    ...shared,
    sos,
    warmupSos: intOption('warmup-sos', values['warmup-sos'], 3, 0, 1000),
    uploaders,
    seconds,
    pieceBytes: intOption('piece-bytes', values['piece-bytes'], DEFAULT_PIECE_BYTES, 1, 2 * 1024 * 1024),
    watched: intOption('watched', values.watched, Math.min(3, uploaders), 0, uploaders),
    loadWarmupMs,
    sosEveryMs: intOption('sos-every-ms', values['sos-every-ms'], Math.max(100, spread), 0, 600_000),
    smsTimeoutMs: intOption('sms-timeout-ms', values['sms-timeout-ms'], 30_000, 100, 600_000),
    maxPhaseMs: intOption('max-phase-seconds', values['max-phase-seconds'], 60, 1, 86_400) * 1000,
    mediaConcurrency:
      values['media-concurrency'] === undefined
        ? undefined
        : intOption('media-concurrency', values['media-concurrency'], 8, 1, 1000),
    niceLoader: values['nice-loader'],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Guardians: linked the way a person links one, through an invite code
// ---------------------------------------------------------------------------------------------------------------

/** `guardian` creates a code, `ward` redeems it, `guardian` accepts: an active relationship. */
async function linkGuardian(baseUrl: string, guardian: User, ward: User): Promise<void> {
  const as = (user: User): Record<string, string> => ({ authorization: `Bearer ${user.token}` });
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
  const text = await response.text();
  expectStatus('PATCH /api/guardian-relationships/:id', { status: response.status, json: text }, [200]);
}

// ---------------------------------------------------------------------------------------------------------------
// Recording load: a separate process, so its HTTP client work never delays the SOS timestamps
// ---------------------------------------------------------------------------------------------------------------

type Uploader = { token: string; guardianToken: string | null };

type ToLoad =
  | {
      type: 'start';
      baseUrl: string;
      uploaders: Uploader[];
      seconds: number;
      pieceBytes: number;
    }
  | { type: 'go' };

type LoadReport = {
  /** First piece sent → last piece answered. */
  windowMs: number;
  recordings: number;
  piecesPlanned: number;
  /** Pieces stored (a 2xx answer), retries included once. */
  piecesStored: number;
  /** Pieces still missing after every retry. */
  piecesLost: number;
  bytesStored: number;
  /** Every PUT answer by status ("network" = no answer), retries included. */
  pieceStatuses: Record<string, number>;
  finishStatuses: Record<string, number>;
  /** PUT sent → answered, 2xx only. */
  putMedianMs: number | null;
  putP99Ms: number | null;
  /** How late the generator sent a piece after its second came (its own lag: high means it was overloaded). */
  sendLagMaxMs: number;
  streams: StreamReport;
};

type StreamReport = {
  watched: number;
  /** Streams that delivered every stored piece and ended when the recording was sealed. */
  complete: number;
  /** Pieces timed on a guardian's stream. */
  pieces: number;
  /** PUT answered → the piece's last byte on the guardian's stream (negative: it arrived before the answer). */
  answeredMedianMs: number | null;
  answeredP99Ms: number | null;
  /** PUT sent → the piece's last byte on the guardian's stream. */
  sentMedianMs: number | null;
  sentP99Ms: number | null;
  /** Pieces that reached the stream `LATE_PIECE_MS` or more after their PUT was answered. */
  late: number;
  problems: string[];
};

type FromLoad =
  | { type: 'ready' }
  | { type: 'started' }
  | { type: 'report'; report: LoadReport }
  | { type: 'failed'; message: string };

function isMessage<T extends { type: string }>(value: unknown): value is T {
  return isRecord(value) && typeof value.type === 'string';
}

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** One phone's recording as the generator sees it. */
type Recording = {
  id: string;
  token: string;
  /** Per seq: when the PUT that stored it was sent and answered. */
  sent: Array<number | undefined>;
  answered: Array<number | undefined>;
  stream: LiveStream | null;
};

/** A guardian's open media stream: when each byte count was reached. */
type LiveStream = {
  /** Arrival time of each piece's last byte, by seq (every piece has `pieceBytes`). */
  arrivals: number[];
  ended: Promise<string | null>;
};

async function runLoadChild(): Promise<void> {
  const send = (message: FromLoad): void => {
    process.send?.(message);
  };
  let start: Extract<ToLoad, { type: 'start' }> | null = null;
  let recordings: Recording[] = [];

  // Random bytes, sliced at a random place for each piece: incompressible like video, cheap to make.
  const pool = new Uint8Array(randomBytes(4 * 1024 * 1024));
  const pieceOf = (bytes: number): Uint8Array<ArrayBuffer> => {
    const from = randomInt(0, Math.max(1, pool.length - bytes));
    return pool.subarray(from, from + bytes);
  };

  const json = async (response: Response): Promise<Record<string, unknown>> => {
    const body: unknown = await response.json();
    if (!isRecord(body)) throw new Error(`${response.url} answered ${JSON.stringify(body)}`);
    return body;
  };

  /** A playback URL for the guardian; the media request itself is sent by `follow`. */
  const playbackUrl = async (
    baseUrl: string,
    recordingId: string,
    guardianToken: string,
  ): Promise<string> => {
    const playback = await fetch(`${baseUrl}/api/recordings/${recordingId}/playback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guardianToken}` },
    });
    if (playback.status !== 200) {
      throw new Error(
        `POST /api/recordings/:id/playback answered ${playback.status}: ${await playback.text()}`,
      );
    }
    const mediaUrl = (await json(playback)).media_url;
    if (typeof mediaUrl !== 'string') throw new Error('playback answered without media_url');
    return `${baseUrl}${mediaUrl}`;
  };

  /**
   * Opens the live media stream and stamps each piece's last byte. Not awaited: a live answer's headers come with
   * its first piece, so the request is left open while the uploads start.
   */
  const follow = (url: string, pieceBytes: number): LiveStream => {
    const arrivals: number[] = [];
    const ended = (async (): Promise<string | null> => {
      try {
        const response = await fetch(url);
        if (response.status !== 200 || !response.body) {
          return `GET media_url answered ${response.status}: ${await response.text()}`;
        }
        const reader = response.body.getReader();
        let received = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return null;
          const at = performance.now();
          received += value.byteLength;
          while ((arrivals.length + 1) * pieceBytes <= received) arrivals.push(at);
        }
      } catch (error) {
        return `a media stream failed: ${describeError(error)}`;
      }
    })();
    return { arrivals, ended };
  };

  const setUp = async (message: Extract<ToLoad, { type: 'start' }>): Promise<void> => {
    start = message;
    const clock = Date.now();
    recordings = await Promise.all(
      message.uploaders.map(async (uploader, index): Promise<Recording> => {
        const started = await fetch(`${message.baseUrl}/api/recordings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${uploader.token}` },
          body: JSON.stringify({
            // rec_ and a start time in milliseconds: distinct per phone in this run.
            clientId: `rec_${clock + index}`,
            type: 'video',
            mimeType: 'video/webm;codecs=vp8,opus',
            origin: 'sos',
          }),
        });
        if (started.status !== 201) {
          throw new Error(`POST /api/recordings answered ${started.status}: ${await started.text()}`);
        }
        const id = (await json(started)).id;
        if (typeof id !== 'string') throw new Error('POST /api/recordings answered without an id');
        const guardian = uploader.guardianToken;
        const stream = guardian
          ? follow(await playbackUrl(message.baseUrl, id, guardian), message.pieceBytes)
          : null;
        return { id, token: uploader.token, sent: [], answered: [], stream };
      }),
    );
  };

  const upload = async (): Promise<LoadReport> => {
    const message = start!;
    const pieceStatuses: Record<string, number> = {};
    const finishStatuses: Record<string, number> = {};
    const putLatencies: number[] = [];
    let stored = 0;
    let lost = 0;
    let bytesStored = 0;
    let sendLagMax = 0;
    let lastAnswer = 0;
    // A moment for the guardians' media requests, sent during the set-up, to be open before the first piece.
    const t0 = performance.now() + 500;

    const putPiece = async (recording: Recording, seq: number): Promise<boolean> => {
      for (let attempt = 0; attempt <= PIECE_RETRIES; attempt++) {
        if (attempt > 0) await sleep(1000);
        const sentAt = performance.now();
        let status = 'network';
        try {
          const response = await fetch(`${message.baseUrl}/api/recordings/${recording.id}/chunks/${seq}`, {
            method: 'PUT',
            headers: {
              'content-type': 'application/octet-stream',
              authorization: `Bearer ${recording.token}`,
            },
            body: pieceOf(message.pieceBytes),
          });
          status = String(response.status);
          await response.arrayBuffer();
        } catch {
          // Counted as "network".
        }
        const answeredAt = performance.now();
        bump(pieceStatuses, status);
        if (status.startsWith('2')) {
          recording.sent[seq] = sentAt;
          recording.answered[seq] = answeredAt;
          putLatencies.push(answeredAt - sentAt);
          lastAnswer = Math.max(lastAnswer, answeredAt);
          stored++;
          bytesStored += message.pieceBytes;
          return true;
        }
      }
      lost++;
      return false;
    };

    const phone = async (recording: Recording, index: number): Promise<void> => {
      // Phones are not in step: each starts its seconds at its own offset within the first one.
      const offset = (index * 1000) / recordings.length;
      const pieces: Array<Promise<boolean>> = [];
      for (let seq = 0; seq < message.seconds; seq++) {
        const due = t0 + offset + seq * 1000;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        sendLagMax = Math.max(sendLagMax, performance.now() - due);
        // Each piece is sent the moment it exists, whether or not the previous one is answered yet.
        pieces.push(putPiece(recording, seq));
      }
      await Promise.all(pieces);
      let status = 'network';
      try {
        const response = await fetch(`${message.baseUrl}/api/recordings/${recording.id}/finish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${recording.token}` },
          body: JSON.stringify({ chunkCount: message.seconds, reason: 'stopped' }),
        });
        status = String(response.status);
        await response.arrayBuffer();
      } catch {
        // Counted as "network".
      }
      bump(finishStatuses, status);
    };

    await Promise.all(recordings.map(phone));
    const streams = await streamReport(recordings, message.seconds);
    return {
      windowMs: lastAnswer - t0,
      recordings: recordings.length,
      piecesPlanned: recordings.length * message.seconds,
      piecesStored: stored,
      piecesLost: lost,
      bytesStored,
      pieceStatuses,
      finishStatuses,
      putMedianMs: percentile(putLatencies, 50),
      putP99Ms: percentile(putLatencies, 99),
      sendLagMaxMs: sendLagMax,
      streams,
    };
  };

  process.on('message', (message: unknown) => {
    if (!isMessage<ToLoad>(message)) return;
    if (message.type === 'start') {
      setUp(message).then(
        () => send({ type: 'started' }),
        (error: unknown) => send({ type: 'failed', message: describeError(error) }),
      );
    } else {
      upload().then(
        (report) => process.send?.({ type: 'report', report } satisfies FromLoad, () => process.exit(0)),
        (error: unknown) => send({ type: 'failed', message: describeError(error) }),
      );
    }
  });
  process.once('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

/** An error and its causes (fetch hides what went wrong in `cause`). */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error; at !== undefined && parts.length < 4;) {
    parts.push(at instanceof Error ? at.message : String(at));
    at = at instanceof Error ? at.cause : undefined;
  }
  return parts.join(': ');
}

/** Waits (a while) for the guardians' streams to end, then times every piece that reached one. */
async function streamReport(recordings: readonly Recording[], seconds: number): Promise<StreamReport> {
  const watched = recordings.filter((recording) => recording.stream !== null);
  const answered: number[] = [];
  const sent: number[] = [];
  const problems: string[] = [];
  let complete = 0;
  for (const recording of watched) {
    const stream = recording.stream!;
    const ended = await Promise.race([stream.ended, sleep(10_000).then(() => 'did not end' as const)]);
    if (ended === 'did not end') problems.push(`the stream of ${recording.id} did not end 10 s after finish`);
    else if (ended !== null) problems.push(ended);
    else if (stream.arrivals.length === seconds) complete++;
    else
      problems.push(
        `the stream of ${recording.id} ended after ${stream.arrivals.length} of ${seconds} pieces`,
      );
    stream.arrivals.forEach((arrivedAt, seq) => {
      const [sentAt, answeredAt] = [recording.sent[seq], recording.answered[seq]];
      if (sentAt === undefined || answeredAt === undefined) return;
      answered.push(arrivedAt - answeredAt);
      sent.push(arrivedAt - sentAt);
    });
  }
  return {
    watched: watched.length,
    complete,
    pieces: answered.length,
    answeredMedianMs: percentile(answered, 50),
    answeredP99Ms: percentile(answered, 99),
    sentMedianMs: percentile(sent, 50),
    sentP99Ms: percentile(sent, 99),
    late: answered.filter((ms) => ms >= LATE_PIECE_MS).length,
    problems,
  };
}

type LoadGenerator = {
  /** Starts the recordings and opens the guardians' streams. */
  start(message: Extract<ToLoad, { type: 'start' }>): Promise<void>;
  /** Starts the uploads; resolves with the report once every recording is finished. */
  go(): Promise<LoadReport>;
  kill(): void;
};

async function startLoadGenerator(nice: boolean): Promise<LoadGenerator> {
  // fork() reuses this process's execArgv, i.e. tsx's loader.
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [LOAD_CHILD_FLAG], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (nice && child.pid !== undefined) os.setPriority(child.pid, 19);
  const next = <T extends FromLoad['type']>(type: T): Promise<Extract<FromLoad, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: unknown): void => {
        if (!isMessage<FromLoad>(message)) return;
        if (message.type === 'failed') {
          cleanup();
          reject(new Error(`the upload generator failed: ${message.message}`));
        } else if (message.type === type) {
          cleanup();
          resolve(message as Extract<FromLoad, { type: T }>);
        }
      };
      const onExit = (code: number | null): void => {
        cleanup();
        reject(new Error(`the upload generator exited (code ${code}) while waiting for "${type}"`));
      };
      const cleanup = (): void => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  await next('ready');
  return {
    async start(message) {
      const started = next('started');
      child.send(message);
      await started;
    },
    async go() {
      const report = next('report');
      child.send({ type: 'go' } satisfies ToLoad);
      return (await report).report;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------------

type PhaseSummary = {
  n: number;
  lost: number;
  smsMedianMs: number | null;
  smsP99Ms: number | null;
  httpMedianMs: number | null;
};

type Summary = {
  repo: string;
  commit: string;
  database: string;
  mediaConcurrency: number | 'default';
  uploaders: number;
  seconds: number;
  pieceBytes: number;
  sosPerPhase: number;
  sosEveryMs: number;
  /** The machine's 1-minute load average when the run started and ended (other jobs skew every number). */
  loadAverage: { start: number; end: number; cpus: number };
  baseline: PhaseSummary;
  underLoad: PhaseSummary;
  ratio: { median: number | null; p99: number | null };
  /**
   * The server's CPU use (its process group: tsx and the server; PGlite runs inside it) in each phase, in percent
   * of one core, and per stored piece in the upload phase (the SOS of that phase included). Less sensitive to
   * other jobs on the machine than the timings; null where /proc is missing.
   */
  serverCpu: { idlePercent: number | null; uploadingPercent: number | null; msPerPiece: number | null };
  uploads: LoadReport & { storedMbitPerSecond: number; offeredMbitPerSecond: number };
};

function summarise(phase: PhaseResult): PhaseSummary {
  return {
    n: phase.samples.length,
    lost: phase.lost,
    smsMedianMs: percentile(phase.sms, 50),
    smsP99Ms: percentile(phase.sms, 99),
    httpMedianMs: percentile(
      phase.samples.map((s) => s.httpMs),
      50,
    ),
  };
}

/** Starts measuring the server's CPU use; the returned function ends it (ms used and percent of one core). */
function cpuWindow(cpuMs: () => number | null): () => { ms: number; percent: number } | null {
  const [startCpu, startWall] = [cpuMs(), performance.now()];
  return () => {
    const endCpu = cpuMs();
    if (startCpu === null || endCpu === null) return null;
    const ms = endCpu - startCpu;
    return { ms, percent: (ms / (performance.now() - startWall)) * 100 };
  };
}

const ratioOf = (a: number | null, b: number | null): number | null => (a === null || !b ? null : a / b);

function printReport(summary: Summary): void {
  const ms = (value: number | null): string => (value === null ? '-' : `${value.toFixed(1)} ms`);
  const times = (value: number | null): string => (value === null ? '-' : `${value.toFixed(2)}x`);
  const pct = (value: number | null): string => (value === null ? '-' : `${value.toFixed(0)}%`);
  const counts = (record: Record<string, number>): string =>
    Object.entries(record)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ') || 'none';
  const rows: string[][] = [
    ['phase', 'SOS', 'lost', 'SOS→SMS median', 'p99', 'HTTP median'],
    ...(
      [
        ['idle', summary.baseline],
        ['recordings uploading', summary.underLoad],
      ] as const
    ).map(([name, phase]) => [
      name,
      String(phase.n),
      String(phase.lost),
      ms(phase.smsMedianMs),
      ms(phase.smsP99Ms),
      ms(phase.httpMedianMs),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]): string =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  const u = summary.uploads;
  const s = u.streams;
  process.stdout.write(
    [
      '',
      `SOS beside recording uploads — ${summary.repo} (${summary.commit}), database ${summary.database}`,
      `${summary.uploaders} phones × ${summary.seconds} pieces of ${summary.pieceBytes} bytes, one a second ` +
        `(${u.offeredMbitPerSecond.toFixed(1)} Mbit/s offered); media lane ${summary.mediaConcurrency}; ` +
        `${summary.sosPerPhase} SOS per phase, one every ${summary.sosEveryMs} ms`,
      `machine: ${summary.loadAverage.cpus} CPUs, 1-min load average ${summary.loadAverage.start.toFixed(2)} ` +
        `at start, ${summary.loadAverage.end.toFixed(2)} at end`,
      '',
      line(rows[0]!),
      line(widths.map((width) => '-'.repeat(width))),
      ...rows.slice(1).map(line),
      '',
      `ratio uploading / idle: median ${times(summary.ratio.median)}, p99 ${times(summary.ratio.p99)}`,
      `server CPU: idle ${pct(summary.serverCpu.idlePercent)}, uploading ${pct(summary.serverCpu.uploadingPercent)} ` +
        `of one core; ${ms(summary.serverCpu.msPerPiece)} per stored piece`,
      `uploads: ${u.piecesStored}/${u.piecesPlanned} pieces stored (${u.piecesLost} lost after retries) in ` +
        `${(u.windowMs / 1000).toFixed(1)} s = ${u.storedMbitPerSecond.toFixed(1)} Mbit/s; ` +
        `PUT median ${ms(u.putMedianMs)}, p99 ${ms(u.putP99Ms)}; generator lag max ${ms(u.sendLagMaxMs)}`,
      `piece answers: ${counts(u.pieceStatuses)}; finish answers: ${counts(u.finishStatuses)}`,
      `guardian streams: ${s.complete}/${s.watched} complete, ${s.pieces} pieces timed; ` +
        `PUT answered → on the stream median ${ms(s.answeredMedianMs)}, p99 ${ms(s.answeredP99Ms)} ` +
        `(PUT sent → on the stream median ${ms(s.sentMedianMs)}, p99 ${ms(s.sentP99Ms)}); ` +
        `${s.late} piece(s) ${LATE_PIECE_MS} ms or more after their answer`,
      ...s.problems.map((problem) => `  ${problem}`),
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadAtStart = os.loadavg()[0] ?? 0;
  log(`1-min load average at start: ${loadAtStart.toFixed(2)} on ${os.cpus().length} CPUs`);
  const env: Record<string, string> =
    options.mediaConcurrency === undefined
      ? {}
      : { HTTP_MEDIA_CONCURRENCY: String(options.mediaConcurrency) };
  await withServer({ repo: options.repo, databaseUrl: options.databaseUrl, env }, async (harness) => {
    const { server, twilio } = harness;
    const load = await startLoadGenerator(options.niceLoader);
    harness.onCleanUp(() => load.kill());

    const run = randomBytes(4).toString('hex');
    const sosCount = options.warmupSos + 2 * options.sos;
    log(`signing up ${sosCount} SOS users, ${options.uploaders} uploaders and ${options.watched} guardians`);
    let sosUsers: User[];
    let uploaders: Uploader[];
    try {
      sosUsers = await mapLimit(
        Array.from({ length: sosCount }, (_, i) => i),
        4,
        async (i) => {
          const email = `bench-${run}-sos-${i}@example.com`;
          const token = await signUp(server.baseUrl, email);
          // +1 202 555 xxxx: a valid E.164 shape, unique per SOS in this run.
          const contactPhone = `+1202555${String(i).padStart(4, '0')}`;
          await addContact(server.baseUrl, token, contactPhone);
          return { email, token, contactPhone };
        },
      );
      uploaders = await mapLimit(
        Array.from({ length: options.uploaders }, (_, i) => i),
        4,
        async (i): Promise<Uploader> => {
          const email = `bench-${run}-phone-${i}@example.com`;
          const phone: User = { email, token: await signUp(server.baseUrl, email), contactPhone: null };
          if (i >= options.watched) return { token: phone.token, guardianToken: null };
          const guardianEmail = `bench-${run}-guardian-${i}@example.com`;
          const guardian: User = {
            email: guardianEmail,
            token: await signUp(server.baseUrl, guardianEmail),
            contactPhone: null,
          };
          await linkGuardian(server.baseUrl, guardian, phone);
          return { token: phone.token, guardianToken: guardian.token };
        },
      );
    } catch (error) {
      throw new Error(
        `setting up accounts failed: ${error instanceof Error ? error.message : String(error)}\n` +
          `server output:\n${server.output().trim() || '(none)'}`,
        { cause: error },
      );
    }

    const warmup = sosUsers.slice(0, options.warmupSos);
    const baselineUsers = sosUsers.slice(options.warmupSos, options.warmupSos + options.sos);
    const loadUsers = sosUsers.slice(options.warmupSos + options.sos);
    const pacing = {
      smsTimeoutMs: options.smsTimeoutMs,
      maxPhaseMs: options.maxPhaseMs,
      pauseMs: 0,
      everyMs: options.sosEveryMs,
    };
    if (warmup.length > 0) {
      log(`warm-up: ${warmup.length} SOS`);
      await runSosPhase('warm-up', server.baseUrl, warmup, twilio, { ...pacing, everyMs: 100 });
    }
    log(`idle: ${baselineUsers.length} SOS, one every ${options.sosEveryMs} ms`);
    const idleCpu = cpuWindow(server.cpuMs);
    const baseline = await runSosPhase('idle', server.baseUrl, baselineUsers, twilio, pacing);
    const idleCpuPercent = idleCpu();

    log(`starting ${options.uploaders} recordings (${options.watched} watched by a guardian)`);
    await load
      .start({
        type: 'start',
        baseUrl: server.baseUrl,
        uploaders,
        seconds: options.seconds,
        pieceBytes: options.pieceBytes,
      })
      .catch((error: unknown) => {
        throw new Error(`${describeError(error)}\nserver output:\n${server.output().trim() || '(none)'}`, {
          cause: error,
        });
      });
    log(`uploading for ${options.seconds} s; SOS timed after ${options.loadWarmupMs} ms`);
    const uploadCpu = cpuWindow(server.cpuMs);
    const uploading = load.go();
    // A failure of the generator must not wait for the SOS phase to surface.
    uploading.catch(() => undefined);
    await sleep(options.loadWarmupMs);
    const underLoad = await runSosPhase('uploading', server.baseUrl, loadUsers, twilio, pacing);
    const uploads = await uploading;
    const uploadCpuPercent = uploadCpu();

    const baselineSummary = summarise(baseline);
    const underLoadSummary = summarise(underLoad);
    const mbit = (bytes: number, ms: number): number => (ms > 0 ? (bytes * 8) / 1e6 / (ms / 1000) : 0);
    const summary: Summary = {
      repo: options.repo,
      commit: harness.commit,
      database: server.database,
      mediaConcurrency: options.mediaConcurrency ?? 'default',
      uploaders: options.uploaders,
      seconds: options.seconds,
      pieceBytes: options.pieceBytes,
      sosPerPhase: options.sos,
      sosEveryMs: options.sosEveryMs,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] ?? 0, cpus: os.cpus().length },
      baseline: baselineSummary,
      underLoad: underLoadSummary,
      ratio: {
        median: ratioOf(underLoadSummary.smsMedianMs, baselineSummary.smsMedianMs),
        p99: ratioOf(underLoadSummary.smsP99Ms, baselineSummary.smsP99Ms),
      },
      serverCpu: {
        idlePercent: idleCpuPercent?.percent ?? null,
        uploadingPercent: uploadCpuPercent?.percent ?? null,
        msPerPiece:
          uploadCpuPercent && uploads.piecesStored > 0 ? uploadCpuPercent.ms / uploads.piecesStored : null,
      },
      uploads: {
        ...uploads,
        storedMbitPerSecond: mbit(uploads.bytesStored, uploads.windowMs),
        offeredMbitPerSecond: mbit(options.uploaders * options.pieceBytes, 1000),
      },
    };
    printReport(summary);
    if (twilio.unexpected() > 0) log(`${twilio.unexpected()} text(s) arrived that no SOS waited for`);
    if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  });
}

if (process.argv[2] === LOAD_CHILD_FLAG) {
  void runLoadChild();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`[bench] failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
