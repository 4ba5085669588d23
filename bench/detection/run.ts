// How well danger detection works: the shake, loud-sound and keyword detectors of src/shared/detection run over a
// labelled corpus of synthesised traces (bench/detection/corpus), per sensitivity, with the 10 s cooldown the app
// applies. A measurement run by hand, not a test: it asserts nothing. bench/README.md says how to read it;
// docs/PRODUCT.md ("How well detection works") and decision 035 have the figures.
import type { Hash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { PROTECTION } from '../../src/shared/protection';
import {
  CORPUS_FILE,
  DEFAULT_RENDER,
  MOTION_TRACES,
  SOUND_TRACES,
  VOICE_TRACES,
  digestOf,
  type CorpusFile,
  type SoundTrace,
} from './corpus/index';
import type { RenderOptions } from './corpus/sound-model';
import type { TraceInfo } from './corpus/trace';
import {
  measureShake,
  measureSoundTrace,
  measureVoice,
  soundTables,
  voiceDetails,
  type Cell,
  type Rules,
  type SoundTableSpec,
  type Table,
} from './measure';
import type { SoundJob } from './sound-worker';
import { markdownTable, textTable } from './report';

const USAGE = `Usage: npm run bench:detection -- [options]
       npx tsx bench/detection/run.ts [options]

  --only <list>         detectors to run: shake,sound,voice (default all three)
  --traces <ids>        only these traces (ids as in bench/detection/corpus.json)
  --rules <which>       current, first (as first written, before decision 035) or both (default both)
  --gravity <which>     motion readings the phone passes on: included (accelerationIncludingGravity,
                        default) or removed (acceleration)
  --thresholds <list>   loud-sound thresholds (default 0.2,0.3,0.4,0.5)
  --gain-db=<dB>        shift the microphone's calibration, e.g. 10 for a phone 10 dB more sensitive,
                        --gain-db=-10 for one 10 dB less (default 0)
  --frame-ms <ms>       how often the analyser is read (default 50)
  --jobs <n>            worker threads rendering sound traces (default: the machine's cores, ${availableParallelism()})
  --markdown            print the tables as Markdown
  --json                also print every figure as one JSON line
  --verbose             list the keyword lines missed and matched at the default Recognition Accuracy
  -h, --help`;

type Options = {
  only: Set<'shake' | 'sound' | 'voice'>;
  traces: Set<string> | null;
  rules: Rules[];
  gravity: 'included' | 'removed';
  thresholds: number[];
  gainDb: number;
  frameMs: number;
  jobs: number;
  markdown: boolean;
  json: boolean;
  verbose: boolean;
};

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string', default: 'shake,sound,voice' },
      traces: { type: 'string' },
      rules: { type: 'string', default: 'both' },
      gravity: { type: 'string', default: 'included' },
      thresholds: { type: 'string', default: '0.2,0.3,0.4,0.5' },
      'gain-db': { type: 'string', default: '0' },
      'frame-ms': { type: 'string', default: String(DEFAULT_RENDER.frameMs) },
      jobs: { type: 'string', default: String(availableParallelism()) },
      markdown: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const only = new Set(values.only.split(',').map((name) => name.trim()));
  for (const name of only)
    if (!['shake', 'sound', 'voice'].includes(name)) throw new Error(`--only: unknown detector "${name}"`);
  if (!['current', 'first', 'both'].includes(values.rules))
    throw new Error('--rules: current, first or both');
  if (!['included', 'removed'].includes(values.gravity)) throw new Error('--gravity: included or removed');
  return {
    only: only as Options['only'],
    traces: values.traces ? new Set(values.traces.split(',')) : null,
    rules: values.rules === 'both' ? ['first', 'current'] : [values.rules as Rules],
    gravity: values.gravity as Options['gravity'],
    thresholds: values.thresholds.split(',').map(Number),
    gainDb: Number(values['gain-db']),
    frameMs: Number(values['frame-ms']),
    jobs: Math.max(1, Number(values.jobs)),
    markdown: values.markdown,
    json: values.json,
    verbose: values.verbose,
  };
}

/** Digests of what each trace generated, to compare with corpus.json. */
type Digests = Map<string, { kind: TraceInfo['kind']; sha256: string }>;

function createDigests(): {
  add: (trace: TraceInfo, data: Float32Array | Hash | string) => void;
  all: Digests;
} {
  const all: Digests = new Map();
  return {
    all,
    // Sound traces arrive with their SHA-256 already taken (a 64-hex-digit string); the others with their data.
    add(trace, data) {
      const done = trace.kind === 'sound' && typeof data === 'string';
      all.set(trace.id, { kind: trace.kind, sha256: done ? data : digestOf(data) });
    },
  };
}

function checkCorpus(digests: Digests, comparable: boolean): string {
  if (!existsSync(CORPUS_FILE))
    return 'corpus: bench/detection/corpus.json is missing (npx tsx bench/detection/generate.ts --manifest)';
  const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as CorpusFile;
  const expected = new Map(corpus.traces.map((trace) => [trace.id, trace.sha256]));
  // Sound frames depend on how they were read: compare them only at the default reading.
  const compared = [...digests].filter(
    ([id, { kind }]) => expected.has(id) && (comparable || kind !== 'sound'),
  );
  const differing = compared.filter(([id, { sha256 }]) => expected.get(id) !== sha256).map(([id]) => id);
  const unknown = [...digests.keys()].filter((id) => !expected.has(id));
  const skipped = digests.size - compared.length - unknown.length;
  const note =
    skipped > 0 ? ` (${skipped} sound traces not compared: they were read differently from the listing)` : '';
  if (differing.length === 0 && unknown.length === 0)
    return `corpus: all ${compared.length} traces compared generated exactly as listed in bench/detection/corpus.json${note}`;
  return (
    'corpus: DIFFERS from bench/detection/corpus.json (the generator changed, or this platform computes differently)' +
    (differing.length ? `; different: ${differing.join(', ')}` : '') +
    (unknown.length ? `; not listed: ${unknown.join(', ')}` : '')
  );
}

type SoundResult = { trace: SoundTrace; cells: Cell[][]; sha256: string };

/** Every sound trace measured, in worker threads when there is more than one job (longest traces first). */
async function measureSounds(
  traces: readonly SoundTrace[],
  specs: SoundTableSpec[],
  render: RenderOptions,
  jobs: number,
): Promise<SoundResult[]> {
  if (jobs <= 1) return traces.map((trace) => ({ trace, ...measureSoundTrace(trace, specs, render) }));
  const queue = [...traces].sort((a, b) => b.durationS - a.durationS);
  const done = new Map<string, { cells: Cell[][]; sha256: string }>();
  const worker = () =>
    new Promise<void>((resolve, reject) => {
      // A worker thread does not inherit tsx's loader: register it there before loading the TypeScript worker.
      const thread = new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
          `.then(({ register }) => { register(); return import(${JSON.stringify(new URL('./sound-worker.ts', import.meta.url).href)}); })`,
        { eval: true },
      );
      const next = () => {
        const trace = queue.shift();
        if (!trace) {
          void thread.terminate().then(() => resolve());
          return;
        }
        const job: SoundJob = { id: trace.id, specs, render };
        thread.postMessage(job);
      };
      thread.on('message', (result: { id: string; cells: Cell[][]; sha256: string }) => {
        done.set(result.id, result);
        console.error(`  ${result.id}: measured`);
        next();
      });
      thread.on('error', reject);
      next();
    });
  await Promise.all(Array.from({ length: Math.min(jobs, traces.length) }, worker));
  return traces.map((trace) => ({ trace, ...done.get(trace.id)! }));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const digests = createDigests();
  const tables: Table[] = [];
  const chosen = <T extends TraceInfo>(traces: readonly T[]): T[] =>
    traces.filter((trace) => !options.traces || options.traces.has(trace.id));
  const print = (table: Table) => {
    console.log(`\n${options.markdown ? markdownTable(table) : textTable(table)}`);
  };
  if (options.only.has('shake')) {
    for (const table of measureShake(chosen(MOTION_TRACES), options.rules, options.gravity, digests.add)) {
      tables.push(table);
      print(table);
    }
  }
  if (options.only.has('sound')) {
    const render = { ...DEFAULT_RENDER, gainDb: options.gainDb, frameMs: options.frameMs };
    const specs: SoundTableSpec[] = options.rules.map((rules) => ({
      rules,
      setting: 'threshold (peak or average level, 0–1)',
      settings: options.thresholds,
      variants: options.thresholds.map((threshold) => ({ rules, threshold })),
    }));
    if (options.rules.includes('current')) {
      const sustains = [0, 150, PROTECTION.sound.sustainMs, 500].filter(
        (value, index, all) => all.indexOf(value) === index,
      );
      specs.push({
        rules: 'current',
        setting: `how long a sound must last (ms), threshold ${PROTECTION.sound.threshold}`,
        settings: sustains,
        variants: sustains.map((sustainMs) => ({
          rules: 'current' as const,
          threshold: PROTECTION.sound.threshold,
          sustainMs,
        })),
      });
    }
    console.error(`rendering ${chosen(SOUND_TRACES).length} sound traces (${options.jobs} at a time)…`);
    const results = await measureSounds(chosen(SOUND_TRACES), specs, render, options.jobs);
    for (const result of results) digests.add(result.trace, result.sha256);
    for (const table of soundTables(specs, render, results)) {
      tables.push(table);
      print(table);
    }
  }
  if (options.only.has('voice')) {
    const table = measureVoice(chosen(VOICE_TRACES), digests.add);
    tables.push(table);
    print(table);
    if (options.verbose) {
      const accuracy = PROTECTION.recognitionAccuracy.default;
      for (const trace of chosen(VOICE_TRACES)) {
        const lines = voiceDetails(trace, accuracy);
        if (lines.length === 0) continue;
        const unique = [...new Set(lines)];
        console.log(
          `\n${trace.title}, ${trace.label === 'danger' ? 'missed' : 'matched'} at ${accuracy}: ${unique.map((line) => `"${line}"`).join(', ')}`,
        );
      }
    }
  }
  const comparable = options.gainDb === DEFAULT_RENDER.gainDb && options.frameMs === DEFAULT_RENDER.frameMs;
  console.log(`\n${checkCorpus(digests.all, comparable)}`);
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (options.json)
    console.log(
      JSON.stringify({
        options: { ...options, only: [...options.only] },
        tables,
        digests: Object.fromEntries([...digests.all].map(([id, { sha256 }]) => [id, sha256])),
      }),
    );
}

await main();
