import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. Source maps are for developers. */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/;
/** Below this a compressed copy saves less than its own headers. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each compressible file of the
 * bundle, which the server sends to browsers that accept them (src/server/http/client-files.ts, preCompressed).
 * Compressing once at build time lets the slowest, best settings cost nothing per request.
 * The service worker, written after the bundle, is left as it is: it is small and revalidated.
 */
/** @returns {import('vite').Plugin} */
export function precompressBundle() {
  return {
    name: 'beacon-precompress-bundle',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(files.map((fileName) => compressFile(path.join(outDir, fileName))));
    },
  };
}

/** @param {string} file */
async function compressFile(file) {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller would only cost the browser time.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}
