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
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const [rootPid, outputFile] = process.argv.slice(2);
if (!rootPid || !outputFile) {
  console.error('usage: node bench/process-cpu-sampler.mjs <root pid> <output file>');
  process.exit(2);
}

/** pid + start time: a pid reused later is another process. */
const members = new Map(); // key → { name, seconds }
const memberPids = new Map(); // pid → key of the live member with that pid

/** One line of /proc/<pid>/stat as the fields this needs, or null when the process is gone. */
function readStat(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // Fields after the name, numbered from 3 (state): ppid is 4, utime 14, stime 15, starttime 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    pid,
    name,
    ppid: fields[1],
    seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    key: `${pid}:${fields[19]}`,
  };
}

function sample() {
  const processes = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && entry !== String(process.pid))
    .map(readStat)
    .filter(Boolean);
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
