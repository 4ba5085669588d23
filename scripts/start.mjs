// `npm start`: builds the client when it is missing, older than its sources or built with other build-time
// settings (VITE_*), builds the server to JavaScript when it is missing or older than its sources
// (build-server.mjs), then runs the built server in this process on PORT (default 3000).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuilt, newestMtime, SERVER_MAIN } from './build-server.mjs';
import { CLIENT_BUILD_ENV_FILE, clientBuildEnv } from './client-build-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/client/index.html');

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

await ensureServerBuilt();
await import(pathToFileURL(SERVER_MAIN).href);
