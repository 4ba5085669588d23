// `npm start`: builds the client when it is missing, older than its sources or built with other build-time
// settings (VITE_*), then runs the server (TypeScript, through tsx) on PORT (default 3000).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { CLIENT_BUILD_ENV_FILE, clientBuildEnv } from './client-build-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function clientIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = Math.max(
    newestMtime(path.join(root, 'src/client')),
    newestMtime(path.join(root, 'src/shared')),
  );
  if (sources > statSync(builtIndex).mtimeMs) return true;
  return (
    !existsSync(CLIENT_BUILD_ENV_FILE) || readFileSync(CLIENT_BUILD_ENV_FILE, 'utf8') !== clientBuildEnv()
  );
}

if (clientIsStale()) {
  console.log('Building the client…');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import(path.join(root, 'src/server/main.ts'));
