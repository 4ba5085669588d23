// One process's line of /proc/<pid>/stat, read the one way the benchmarks need it (Linux only).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The pids of every process running now. */
export function processIds() {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
}

/**
 * The fields of /proc/<pid>/stat the benchmarks use, or null when the process ended while being read: `seconds` is
 * its own CPU (user + system), `childSeconds` what the children it waited for used, `startTime` tells a reused pid
 * from the process that had it before.
 */
export function readProcStat(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // Fields after the name, numbered from 3 (state): ppid is 4, utime 14, stime 15, cutime 16, cstime 17,
  // starttime 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    pid: String(pid),
    name,
    ppid: fields[1],
    seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    childSeconds: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
    startTime: fields[19],
  };
}

/** The Node processes of a test run, by a part of their command line, and what each is. */
const NODE_SCRIPTS = [
  ['playwright/lib/worker/', 'Playwright worker'],
  ['.bin/playwright', 'Playwright runner'],
  ['scripts/e2e-server.mjs', 'app under test (browser suite)'],
  ['vitest/dist/workers/', 'Vitest worker'],
  ['.bin/vitest', 'Vitest runner'],
  ['.bin/tsc', 'tsc'],
  ['.bin/eslint', 'ESLint'],
  ['.bin/prettier', 'Prettier'],
  ['.bin/vite', 'vite build'],
];

/**
 * A process's kind for a breakdown: Chromium's by its `--type` (renderer, GPU process, network service…, the
 * browser process itself when it has none), a Node process by the script it runs, anything else by its name.
 */
export function processKind(pid, name) {
  let command;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return name;
  }
  if (name === 'chromium' || command.includes('/chromium ')) {
    const type = /--type=([\w-]+)/.exec(command)?.[1];
    const utility = /--utility-sub-type=[\w.]*\.(\w+)/.exec(command)?.[1];
    return `chromium ${type ? `${type}${utility ? ` ${utility}` : ''}` : 'browser'}`;
  }
  if (name === 'node')
    return NODE_SCRIPTS.find(([script]) => command.includes(script))?.[1] ?? 'node (other)';
  return name;
}

/** CPU-seconds by kind of process, largest first, one line each (those under `atLeast` left out), and the total. */
export function kindTable(byKind, total, atLeast = 0.5) {
  const rows = Object.entries(byKind)
    .filter(([, seconds]) => seconds >= atLeast)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, seconds]) => `  ${kind.padEnd(34)} ${seconds.toFixed(1).padStart(8)} s`);
  return [...rows, `  ${'every process'.padEnd(34)} ${total.toFixed(1).padStart(8)} s`].join('\n');
}
