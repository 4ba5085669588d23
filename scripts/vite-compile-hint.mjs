import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Chromium's explicit compile hint (V8, Chrome 136 on): a file that begins with this comment has every function
 * compiled as the file streams in, on a background thread, instead of each one on the page's main thread the first
 * time it is called. The first screen calls most of what it downloads, so that compiling moves off the thread the
 * person is waiting on. Measured with Lighthouse's slow-phone preset, 15 runs a page each build, alternately: the
 * main thread's script time 1,851 → 1,660 ms on `/` and 1,528 → 1,323 ms on `/sos`, the blocking time 372 → 309 ms
 * and 282 → 251 ms (medians; docs/PERFORMANCE.md). Code loaded on demand is left lazy: most of it never runs.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks of a bundle that the page loads before the app can start: each entry chunk and, transitively, what it
 * imports statically — the files the bundle budget counts (scripts/bundle-budget.mjs). `import()` is on demand.
 *
 * @param {Record<string, { type: string; isEntry?: boolean; imports?: string[] }>} bundle
 * @returns {string[]} their file names
 */
export function firstDownloadChunks(bundle) {
  const pending = Object.entries(bundle)
    .filter(([, output]) => output.type === 'chunk' && output.isEntry)
    .map(([fileName]) => fileName);
  const seen = new Set();
  while (pending.length > 0) {
    const fileName = pending.pop();
    if (seen.has(fileName) || bundle[fileName]?.type !== 'chunk') continue;
    seen.add(fileName);
    pending.push(...(bundle[fileName].imports ?? []));
  }
  return [...seen].sort();
}

/**
 * Puts the hint on the first line of a written chunk and moves its source map down that one line, once.
 *
 * @param {string} file the chunk's path on disk
 */
export async function addCompileHint(file) {
  const code = await readFile(file, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return;
  await writeFile(file, `${COMPILE_HINT}\n${code}`);
  const mapFile = `${file}.map`;
  let map;
  try {
    map = JSON.parse(await readFile(mapFile, 'utf8'));
  } catch {
    return; // No source map written for it.
  }
  // A `;` in `mappings` ends a generated line: one more in front shifts every mapping down by the added line.
  map.mappings = `;${map.mappings}`;
  await writeFile(mapFile, JSON.stringify(map));
}

/**
 * Marks the first download's chunks with `COMPILE_HINT` once they are written. It edits the files rather than the
 * chunks in memory: Vite's own last step adds its preload helper to the front of the entry chunk after every
 * plugin's `generateBundle`, which would leave the comment below the first line. It runs before the other
 * plugins' `writeBundle` (`order: 'pre'`, `sequential`), so the compressed copies are made of the marked files. The
 * files keep their content-hashed names: the comment changes no behaviour, so a copy cached without it is as good.
 *
 * @returns {import('vite').Plugin}
 */
export function compileHintFirstDownload() {
  return {
    name: 'beacon-compile-hint-first-download',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir;
        if (!outDir) return;
        await Promise.all(
          firstDownloadChunks(bundle).map((fileName) => addCompileHint(path.join(outDir, fileName))),
        );
      },
    },
  };
}
