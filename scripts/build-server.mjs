// Builds the server to JavaScript (dist/server/) so `npm start` and the browser suite's server run plain node: no
// TypeScript is transpiled at run time (tsx did it on every start, a third of the start-up). esbuild bundles our
// own code (src/server, and src/shared through `#shared/*`) into one file and leaves every package external, so
// node loads those from node_modules as it always did. Type checking stays with tsc; this only strips types.
// Also run on its own: `node scripts/build-server.mjs` (part of `npm run build`).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = path.join(root, 'dist/server');
/** The server's entry point. Same depth below the root as src/server/main.ts, whose paths are relative to it. */
export const SERVER_MAIN = path.join(SERVER_OUT_DIR, 'main.js');
/** The browser suite's fake Overpass API (a test helper, built beside the server so it needs no tsx either). */
export const FAKE_OVERPASS = path.join(SERVER_OUT_DIR, 'fake-overpass.js');

/**
 * Files the built code reads at run time beside itself (`new URL(…, import.meta.url)` and friends resolve from the
 * bundle's folder): copied into dist/server/ under the same name.
 */
const RUNTIME_FILES = {
  migrations: 'src/server/db/migrations',
  'overpass-fixture.json': 'src/server/testing/overpass-fixture.json',
};

/** What the build read besides the sources esbuild lists: the `#shared/*` mapping, TypeScript settings, itself. */
const BUILD_SETTINGS = ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'scripts/build-server.mjs'];
/** The files (and folders: one gains or loses a file) a build was made from, recorded beside it. */
const INPUTS_FILE = 'inputs.json';

/** Newest modification time under `target`; folders count too (adding or removing a file changes theirs). */
export function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Missing, or one of the files it was built from has changed or gone: a stat of each (a few milliseconds), no
 * hashing. A new source file counts once a file already built imports it; editing a test does not rebuild.
 */
export function serverIsStale(outDir = SERVER_OUT_DIR) {
  const [main, inputsFile] = [path.join(outDir, 'main.js'), path.join(outDir, INPUTS_FILE)];
  if (!existsSync(main) || !existsSync(path.join(outDir, 'fake-overpass.js')) || !existsSync(inputsFile)) {
    return true;
  }
  const built = statSync(main).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((input) => {
    const full = path.join(root, input);
    return !existsSync(full) || newestMtime(full) > built;
  });
}

/** Builds into a fresh folder and swaps it in, so a server starting meanwhile never loads half a build. */
export async function buildServer(outDir = SERVER_OUT_DIR) {
  // Loaded only when a build is due: a start with an up-to-date build does not pay for loading esbuild.
  const { build } = await import('esbuild');
  const next = `${outDir}.${process.pid}.tmp`;
  rmSync(next, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', 'fake-overpass': 'src/server/testing/fake-overpass.ts' },
    outdir: next,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Packages stay in node_modules (native modules, WASM, their own files); `#shared/*` is ours and is bundled.
    packages: 'external',
    // For stack traces naming the TypeScript file and line: NODE_OPTIONS=--enable-source-maps npm start. Not on by
    // default: node would then read and parse the maps of every package that ships one, on every start.
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });
  const inputs = [...Object.keys(metafile.inputs), ...Object.values(RUNTIME_FILES), ...BUILD_SETTINGS];
  writeFileSync(path.join(next, INPUTS_FILE), `${JSON.stringify(inputs, null, 2)}\n`);
  for (const [name, source] of Object.entries(RUNTIME_FILES))
    copy(path.join(root, source), path.join(next, name));
  // The module type of the folder, so node neither guesses nor warns (package.json above says so already).
  writeFileSync(path.join(next, 'package.json'), '{ "type": "module" }\n');
  const old = `${outDir}.${process.pid}.old`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(next, outDir);
  rmSync(old, { recursive: true, force: true });
}

function copy(from, to) {
  if (!statSync(from).isDirectory()) return copyFileSync(from, to);
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) copy(path.join(from, entry), path.join(to, entry));
}

/** Builds the server when it is missing or stale, saying so. */
export async function ensureServerBuilt() {
  if (!serverIsStale()) return;
  console.log('Building the server…');
  await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
