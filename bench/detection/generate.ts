// Writes the detection corpus's list (bench/detection/corpus.json: every trace with its label, how it was
// modelled and a SHA-256 of what it generates) and, with --out, the traces themselves as files to look at or
// listen to: motion as CSV, sound as 16-bit WAV (what the microphone delivers), keywords as JSON.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CORPUS_FILE,
  DEFAULT_RENDER,
  MOTION_TRACES,
  SOUND_TRACES,
  VOICE_TRACES,
  digestOf,
  type CorpusEntry,
  type CorpusFile,
} from './corpus/index';
import { createRandom } from './corpus/prng';
import { renderFrames } from './corpus/sound-model';
import { SAMPLE_RATE } from './corpus/sound-source';
import { sceneOf } from './corpus/sound-traces';
import type { TraceInfo } from './corpus/trace';

const USAGE = `Usage: npx tsx bench/detection/generate.ts [--manifest] [--out <dir>] [--only <id,id>]

  --manifest     rewrite bench/detection/corpus.json from the generators (after changing one)
  --out <dir>    write the traces: <id>.csv (motion), <id>.wav (sound), <id>.json (keywords), labels.json
  --only <ids>   only these traces (with --out)
  -h, --help`;

const ABOUT =
  'The detection corpus: synthesised traces (bench/detection/corpus), each labelled danger or everyday, with how ' +
  'it was modelled. Regenerated from their seeds by every run of npm run bench:detection, which compares what ' +
  'it generated with the sha256 below. Rewrite with npx tsx bench/detection/generate.ts --manifest.';

function entry(trace: TraceInfo, sha256: string): CorpusEntry {
  const { id, kind, label, title, description, durationS, eventNoun } = trace;
  return { id, kind, label, title, description, durationS, ...(eventNoun ? { eventNoun } : {}), sha256 };
}

/** A 16-bit mono WAV written block by block; the header's sizes are filled in at the end. */
function wavWriter(file: string): { write: (block: Float32Array) => void; end: () => void } {
  const descriptor = openSync(file, 'w');
  let bytes = 0;
  const header = (dataBytes: number): Buffer => {
    const buffer = Buffer.alloc(44);
    buffer.write('RIFF', 0);
    buffer.writeUInt32LE(36 + dataBytes, 4);
    buffer.write('WAVE', 8);
    buffer.write('fmt ', 12);
    buffer.writeUInt32LE(16, 16);
    buffer.writeUInt16LE(1, 20);
    buffer.writeUInt16LE(1, 22);
    buffer.writeUInt32LE(SAMPLE_RATE, 24);
    buffer.writeUInt32LE(SAMPLE_RATE * 2, 28);
    buffer.writeUInt16LE(2, 32);
    buffer.writeUInt16LE(16, 34);
    buffer.write('data', 36);
    buffer.writeUInt32LE(dataBytes, 40);
    return buffer;
  };
  writeSync(descriptor, header(0));
  return {
    write(block) {
      const buffer = Buffer.alloc(block.length * 2);
      for (let index = 0; index < block.length; index++)
        buffer.writeInt16LE(Math.round(Math.max(-1, Math.min(1, block[index]!)) * 32767), index * 2);
      writeSync(descriptor, buffer);
      bytes += buffer.length;
    },
    end() {
      writeSync(descriptor, header(bytes), 0, 44, 0);
      closeSync(descriptor);
    },
  };
}

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      manifest: { type: 'boolean', default: false },
      out: { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (!values.manifest && !values.out)) {
    console.log(USAGE);
    return;
  }
  const only = values.only ? new Set(values.only.split(',')) : null;
  const wanted = (trace: TraceInfo) => values.manifest || !only || only.has(trace.id);
  const out = values.out;
  if (out) mkdirSync(out, { recursive: true });
  const entries: CorpusEntry[] = [];

  for (const trace of MOTION_TRACES.filter(wanted)) {
    const { readings, dangers, events } = trace.generate();
    entries.push(entry(trace, digestOf(readings.withGravity)));
    if (out) {
      const lines = ['t_s,x,y,z,x_no_gravity,y_no_gravity,z_no_gravity'];
      for (let reading = 0; reading < readings.count; reading++) {
        const at = reading * 3;
        const values = [
          ...readings.withGravity.subarray(at, at + 3),
          ...readings.withoutGravity.subarray(at, at + 3),
        ];
        lines.push(
          [(reading / readings.rateHz).toFixed(4), ...values.map((value) => value.toFixed(4))].join(','),
        );
      }
      writeFileSync(path.join(out, `${trace.id}.csv`), `${lines.join('\n')}\n`);
      writeFileSync(
        path.join(out, `${trace.id}.labels.json`),
        JSON.stringify({ ...entry(trace, ''), dangers, events }, null, 2),
      );
    }
    console.error(`${trace.id}: done`);
  }

  for (const trace of SOUND_TRACES.filter(wanted)) {
    const scene = sceneOf(trace);
    const hash = createHash('sha256');
    const wav = out ? wavWriter(path.join(out, `${trace.id}.wav`)) : null;
    for (const { frame } of renderFrames(
      scene,
      trace.durationS,
      createRandom(`${trace.id}/microphone`),
      DEFAULT_RENDER,
      wav?.write,
    )) {
      const { waveform, bins } = frame;
      if (waveform instanceof Float32Array)
        hash.update(new Uint8Array(waveform.buffer, waveform.byteOffset, waveform.byteLength));
      if (bins instanceof Uint8Array) hash.update(bins);
    }
    entries.push(entry(trace, digestOf(hash)));
    if (out) {
      wav!.end();
      writeFileSync(
        path.join(out, `${trace.id}.labels.json`),
        JSON.stringify({ ...entry(trace, ''), dangers: scene.dangers }, null, 2),
      );
    }
    console.error(`${trace.id}: done`);
  }

  for (const trace of VOICE_TRACES.filter(wanted)) {
    const data = trace.generate();
    entries.push(entry(trace, digestOf(JSON.stringify(data.results))));
    if (out)
      writeFileSync(
        path.join(out, `${trace.id}.json`),
        JSON.stringify({ ...entry(trace, ''), ...data }, null, 2),
      );
    console.error(`${trace.id}: done`);
  }

  if (values.manifest) {
    const file: CorpusFile = { about: ABOUT, traces: entries };
    writeFileSync(CORPUS_FILE, `${JSON.stringify(file, null, 2)}\n`);
    console.error(`wrote ${CORPUS_FILE}`);
  }
}

main();
