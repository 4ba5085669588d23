// What a CI run costs: CPU time (user + sys) and wall time of `CI=true bash .ci/run` on a fresh clone of a commit,
// in all and per stage of `npm test`, plus the CPU the machine's PostgreSQL and Redis servers spent meanwhile
// (their work for the API suites is not a child of the run, so it would otherwise go uncounted). The per-stage
// figures are /usr/bin/time's, which count only the descendants each process waited for: Chromium's renderer and
// GPU processes mostly are not, so the run's total is also sampled from /proc (process-cpu-sampler.mjs), and "CPU
// in all" uses that.
//
//   node bench/ci-cost.mjs [commit ...]        one fresh clone and one CI run per commit, one after the other
//
// Compare commits in one call, on the same machine, so the ratio means something: wall time moves with whatever
// else the machine does, CPU time much less. PostgreSQL's and Redis's figures are machine-wide: another process
// using them during the run is counted too.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kindTable, processIds, readProcStat } from './proc-stat.mjs';

const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const commits = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['HEAD'];
const SAMPLER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'process-cpu-sampler.mjs');

/** Blocks for `ms` (the run itself is a blocking spawnSync; this waits for the sampler's last write). */
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** CPU seconds of every running process named `name`, plus what the ones that ended left in their parents. */
function serverCpuSeconds(name) {
  // A backend that ended was waited for by the postmaster, so its time sits in the postmaster's child time.
  return processIds()
    .map(readProcStat)
    .filter((entry) => entry?.name === name)
    .reduce((sum, entry) => sum + entry.seconds + entry.childSeconds, 0);
}

/**
 * A hook loaded into every Node process of the run (NODE_OPTIONS) that, in `npm test`'s runner only, starts each
 * stage under /usr/bin/time, so the stages of any commit are measured the same way without changing its files.
 */
function stageTimerHook(directory) {
  const hook = path.join(directory, 'time-stages.mjs');
  writeFileSync(
    hook,
    `import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
if (process.argv[1]?.endsWith(path.join('scripts', 'test.mjs')) && process.env.BEACON_STAGE_TIMES) {
  const childProcess = createRequire(import.meta.url)('node:child_process');
  const spawn = childProcess.spawn;
  childProcess.spawn = (command, args = [], options) => {
    const label = [path.basename(command), ...args].join(' ').replaceAll('\\t', ' ');
    const format = label + '\\t%e\\t%U\\t%S';
    return spawn('/usr/bin/time', ['-a', '-o', process.env.BEACON_STAGE_TIMES, '-f', format, command, ...args], options);
  };
  syncBuiltinESMExports();
}
`,
  );
  return hook;
}

function runCi(commit) {
  const clone = mkdtempSync(path.join(os.tmpdir(), 'beacon-ci-cost-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'beacon-ci-times-'));
  const stageFile = path.join(work, 'stage-times.tsv');
  const totalFile = path.join(work, 'total-time.tsv');
  execFileSync('git', ['clone', '-q', repo, clone]);
  execFileSync('git', ['-C', clone, 'checkout', '-q', commit]);
  const sha = execFileSync('git', ['-C', clone, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const hook = stageTimerHook(work);
  const before = { postgres: serverCpuSeconds('postgres'), redis: serverCpuSeconds('redis-server') };
  // Every process under this one, sampled: what /usr/bin/time's figure misses (process-cpu-sampler.mjs).
  const sampleFile = path.join(work, 'sampled.json');
  const sampler = spawn(process.execPath, [SAMPLER, String(process.pid), sampleFile], { stdio: 'ignore' });
  const result = spawnSync('/usr/bin/time', ['-o', totalFile, '-f', '%e\t%U\t%S', 'bash', '.ci/run'], {
    cwd: clone,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      CI: 'true',
      BEACON_STAGE_TIMES: stageFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${hook}`.trim(),
    },
  });
  const after = { postgres: serverCpuSeconds('postgres'), redis: serverCpuSeconds('redis-server') };
  sampler.kill('SIGTERM');
  sleepSync(1500);
  const sampled = JSON.parse(readFileSync(sampleFile, 'utf8'));
  const [wall, user, sys] = readFileSync(totalFile, 'utf8').trim().split('\n').at(-1).split('\t').map(Number);
  const stages = readFileSync(stageFile, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line.split('\t').length === 4)
    .map((line) => {
      const [label, stageWall, stageUser, stageSys] = line.split('\t');
      return { label, wall: Number(stageWall), cpu: Number(stageUser) + Number(stageSys) };
    });
  for (const directory of [clone, work]) rmSync(directory, { recursive: true, force: true });
  return {
    commit: sha,
    passed: result.status === 0,
    wall,
    cpu: user + sys,
    postgres: after.postgres - before.postgres,
    redis: after.redis - before.redis,
    sampled: { total: sampled.total, chromium: sampled.byName.chromium ?? 0, byKind: sampled.byKind ?? {} },
    stages,
  };
}

const results = commits.map(runCi);
const seconds = (value) => `${value.toFixed(0)} s`;
/** The sampled figure, which includes what /usr/bin/time's misses, or /usr/bin/time's if higher (a sample's gap). */
const allCpu = (run) => Math.max(run.sampled.total, run.cpu) + run.postgres + run.redis;
for (const run of results) {
  console.log(`\n${run.commit}: ${run.passed ? 'passed' : 'FAILED'}`);
  console.log(`  CI run: ${seconds(run.cpu)} CPU, ${seconds(run.wall)} wall`);
  console.log(`  PostgreSQL server: ${seconds(run.postgres)} CPU; Redis: ${seconds(run.redis)} CPU`);
  console.log(
    `  Every process of the run, sampled each second: ${seconds(run.sampled.total)} CPU, Chromium's ${seconds(run.sampled.chromium)}`,
  );
  console.log(`  CPU in all: ${seconds(allCpu(run))} (sampled, PostgreSQL and Redis)`);
  console.log(`  Sampled, by kind of process:\n${kindTable(run.sampled.byKind, run.sampled.total, 1)}`);
  for (const stage of run.stages) {
    console.log(
      `  ${stage.label.padEnd(16)} ${seconds(stage.cpu).padStart(7)} CPU ${seconds(stage.wall).padStart(7)} wall`,
    );
  }
}
if (results.length > 1) {
  const [base, ...others] = results;
  for (const run of others) {
    console.log(`\n${run.commit} / ${base.commit}: CPU in all ×${(allCpu(run) / allCpu(base)).toFixed(2)}`);
  }
}
process.exit(results.every((run) => run.passed) ? 0 : 1);
