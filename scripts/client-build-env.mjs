// The build-time settings (VITE_*) a client build used, recorded next to it so `npm start` rebuilds the client
// when they change: the server reads VITE_TILE_URL too (its CSP), and the two must agree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLIENT_BUILD_ENV_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/client-build-env.json',
);

/** @returns {string} */
export function clientBuildEnv() {
  return JSON.stringify({ VITE_TILE_URL: process.env.VITE_TILE_URL?.trim() ?? '' });
}
