// The CPU time of every process descended from a given one, sampled from /proc once a second: what the resource
// usage of a command misses. `/usr/bin/time` counts a descendant only when each process between it and the command
// waited for it; a process left running and reaped by init when its parent was killed (a browser's renderer and GPU
// processes when Playwright kills the browser) is counted nowhere. Measured on a CI run: Chromium's processes used
// ~870 CPU-seconds while the whole browser suite's waited-for figure was 339.
//
//   node bench/process-cpu-sampler.mjs <root pid> <output file>
//
// Every second it writes to <output file> a JSON object: `total` (the CPU-seconds of every process seen under the
// root pid since the sampler started, each counted up to its last sample: a process that lives less than a second
// may be missed) and `byName` (the same split by process name). Stop it with SIGTERM; the file then holds the last
// figures.
import { writeFileSync } from 'node:fs';
import { processIds, readProcStat } from './proc-stat.mjs';

const [rootPid, outputFile] = process.argv.slice(2);
if (!rootPid || !outputFile) {
  console.error('usage: node bench/process-cpu-sampler.mjs <root pid> <output file>');
  process.exit(2);
}

/** pid + start time: a pid reused later is another process. */
const members = new Map(); // key → { name, seconds }
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
    members.set(entry.key, { name: entry.name, seconds: Math.max(known?.seconds ?? 0, entry.seconds) });
    memberPids.set(entry.pid, entry.key);
  }
  const byName = {};
  let total = 0;
  for (const { name, seconds } of members.values()) {
    byName[name] = (byName[name] ?? 0) + seconds;
    total += seconds;
  }
  writeFileSync(outputFile, JSON.stringify({ total, byName }));
}

sample();
const timer = setInterval(sample, 1000);
process.on('SIGTERM', () => {
  clearInterval(timer);
  sample();
  process.exit(0);
});
