// The CPU time of every process descended from a given one, sampled from /proc once a second: what the resource
// usage of a command misses. `/usr/bin/time` counts a descendant only when each process between it and the command
// waited for it; a process left running and reaped by init when its parent was killed (a browser's renderer and GPU
// processes when Playwright kills the browser) is counted nowhere. Measured on a CI run: Chromium's processes used
// ~870 CPU-seconds while the whole browser suite's waited-for figure was 339.
//
//   node bench/process-cpu-sampler.mjs <root pid> <output file>
//   node bench/process-cpu-sampler.mjs -- <command> [args…]
//
// The first form writes to <output file>, every second, a JSON object: `total` (the CPU-seconds of every process
// seen under the root pid since the sampler started, each counted up to its last sample: a process that lives less
// than a second may be missed), `byName` (the same split by process name) and `byKind` (split by what each process
// is: Chromium's by process type, Node's by script — proc-stat.mjs `processKind`). Stop it with SIGTERM; the file
// then holds the last figures. The second runs the command (e.g. `CI=true npx playwright test`), samples it the
// same way, and prints the split by kind when it ends, with the command's exit code.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { kindTable, processIds, processKind, readProcStat } from './proc-stat.mjs';

const command =
  process.argv[2] === '--'
    ? spawn(process.argv[3], process.argv.slice(4), { stdio: 'inherit', shell: false })
    : null;
const rootPid = command ? String(command.pid) : process.argv[2];
const outputFile = command ? null : process.argv[3];
if (!rootPid || (!outputFile && !command)) {
  console.error(
    'usage: node bench/process-cpu-sampler.mjs <root pid> <output file>\n' +
      '       node bench/process-cpu-sampler.mjs -- <command> [args…]',
  );
  process.exit(2);
}

/** pid + start time: a pid reused later is another process. */
const members = new Map(); // key → { name, kind, seconds }
const memberPids = new Map(); // pid → key of the live member with that pid

function sample() {
  const processes = processIds()
    .filter((pid) => pid !== String(process.pid))
    .map(readProcStat)
    .filter(Boolean)
    .map((entry) => ({ ...entry, key: `${entry.pid}:${entry.startTime}` }));
  const byPid = new Map(processes.map((entry) => [entry.pid, entry]));
  /** Under the root now, or the child of a process that was (a process orphaned mid-run keeps its children in). */
  const isMember = (entry) => {
    for (let current = entry, depth = 0; current && depth < 64; depth++) {
      if (current.pid === rootPid || members.has(current.key)) return true;
      if (memberPids.has(current.ppid) && !byPid.has(current.ppid)) return true;
      current = byPid.get(current.ppid);
    }
    return false;
  };
  for (const entry of processes) {
    if (!members.has(entry.key) && !isMember(entry)) continue;
    const known = members.get(entry.key);
    // Read again when the name changed: a process seen before it exec'd (`nice`, `time`) is what it became.
    const kind = known?.name === entry.name ? known.kind : processKind(entry.pid, entry.name);
    members.set(entry.key, { name: entry.name, kind, seconds: Math.max(known?.seconds ?? 0, entry.seconds) });
    memberPids.set(entry.pid, entry.key);
  }
  return figures();
}

function figures() {
  const byName = {};
  const byKind = {};
  let total = 0;
  for (const { name, kind, seconds } of members.values()) {
    byName[name] = (byName[name] ?? 0) + seconds;
    byKind[kind] = (byKind[kind] ?? 0) + seconds;
    total += seconds;
  }
  return { total, byName, byKind };
}

function write() {
  const result = sample();
  if (outputFile) writeFileSync(outputFile, JSON.stringify(result));
  return result;
}

write();
const timer = setInterval(write, 1000);
process.on('SIGTERM', () => {
  clearInterval(timer);
  write();
  process.exit(0);
});
command?.on('exit', (code, signal) => {
  clearInterval(timer);
  // The command has ended; processes it left running (a browser's renderers) are read one last time.
  const result = write();
  console.log(
    `CPU by kind of process (${process.argv.slice(3).join(' ')}):\n${kindTable(result.byKind, result.total)}`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
