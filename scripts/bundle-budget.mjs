// `npm test` runs this after `vite build`: fails when the JavaScript that index.html loads before the app can
// start (its scripts, the chunks it modulepreloads, and every chunk those import statically), gzipped, is over
// the budget. Code that a screen or dialog loads on demand (`import()`) does not count. README "Bundle budget".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from './vite-compile-hint.mjs';

/** The first download's JavaScript, gzipped (docs/PERFORMANCE.md). New features must not raise it. */
const BUDGET_KIB = 200;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');

/** `/assets/x.js` in index.html → dist/client/assets/x.js. */
function fromPage(url) {
  return path.join(clientDir, url.replace(/^\//, ''));
}

/** The scripts index.html runs and the modules it preloads. */
function pageScripts(html) {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map(
    (match) => match[1],
  );
  return [...scripts, ...preloads].map(fromPage);
}

/** Files a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy. */
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  const specifiers = [
    ...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g),
  ];
  return specifiers.map((match) => path.resolve(path.dirname(file), match[1]));
}

/** Every file the page loads up front: its scripts and, transitively, what they import statically. */
function firstDownload(html) {
  const seen = new Set();
  const pending = pageScripts(html);
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    if (!existsSync(file))
      throw new Error(`index.html loads ${path.relative(clientDir, file)}, which is missing`);
    seen.add(file);
    if (file.includes(`${path.sep}assets${path.sep}`)) pending.push(...staticImports(file));
  }
  return [...seen];
}

const indexFile = path.join(clientDir, 'index.html');
if (!existsSync(indexFile)) {
  console.error('dist/client/index.html is missing: run `vite build` first.');
  process.exit(1);
}
const firstFiles = firstDownload(readFileSync(indexFile, 'utf8')).map((file) => ({
  file: path.relative(clientDir, file),
  code: readFileSync(file),
}));
// The build marks these for compiling as they stream in (scripts/vite-compile-hint.mjs); a chunk without the mark is
// compiled function by function on the main thread of a phone that is opening Beacon.
const unhinted = firstFiles.filter(
  ({ file, code }) =>
    file.startsWith(`assets${path.sep}`) && code.toString('utf8', 0, COMPILE_HINT.length) !== COMPILE_HINT,
);
if (unhinted.length > 0) {
  console.error(
    `The first download has chunks without the compile hint (${COMPILE_HINT}): ` +
      `${unhinted.map(({ file }) => file).join(', ')}. See scripts/vite-compile-hint.mjs.`,
  );
  process.exit(1);
}
const files = firstFiles
  .map(({ file, code }) => ({ file, gzipped: gzipSync(code, { level: 9 }).length }))
  .sort((a, b) => b.gzipped - a.gzipped);
const total = files.reduce((sum, { gzipped }) => sum + gzipped, 0);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

for (const { file, gzipped } of files) console.log(`  ${kib(gzipped).padStart(10)}  ${file}`);
console.log(`  ${kib(total).padStart(10)}  JavaScript index.html loads, gzipped (budget ${BUDGET_KIB} KiB)`);
if (total > BUDGET_KIB * 1024) {
  console.error(
    `Over the bundle budget by ${kib(total - BUDGET_KIB * 1024)}: load the new code on demand (import(), lazy ` +
      'routes, lazyDialog) instead of raising the budget. See README "Bundle budget".',
  );
  process.exit(1);
}
