// A worker thread of the detection benchmark: measures the sound traces it is sent (rendering sound is the
// benchmark's slow part, and traces are independent) and answers each trace's cells and digest.
import { parentPort } from 'node:worker_threads';
import { SOUND_TRACES } from './corpus/index';
import type { RenderOptions } from './corpus/sound-model';
import { measureSoundTrace, type SoundTableSpec } from './measure';

export type SoundJob = { id: string; specs: SoundTableSpec[]; render: RenderOptions };

parentPort?.on('message', (job: SoundJob) => {
  const trace = SOUND_TRACES.find((candidate) => candidate.id === job.id);
  if (!trace) throw new Error(`unknown sound trace ${job.id}`);
  parentPort?.postMessage({ id: job.id, ...measureSoundTrace(trace, job.specs, job.render) });
});
