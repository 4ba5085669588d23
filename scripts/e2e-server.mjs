// Starts the built app for the browser tests: a fresh embedded database in a temp folder, dev outboxes. The client
// must be built already (`npx vite build`); the server is built here when stale, as `npm start` does.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, FAKE_OVERPASS, SERVER_MAIN } from './build-server.mjs';

process.env.PORT = process.argv[2] ?? '3210';
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'beacon-e2e-'));
process.env.LOG_LEVEL = 'warn';
// The push test plays the push service on 127.0.0.1 (headless Chromium has none); production accepts only the
// known push services' URLs.
process.env.PUSH_ALLOW_ANY_ENDPOINT = 'true';
// The journey tests move the server's clock past a deadline with POST /api/dev/clock instead of waiting minutes.
process.env.DEV_CLOCK_CONTROL = 'true';
// Alerts escalate only for the test that asks (its person chooses a short escalation time): the others' alerts,
// open while the tests beside them move the server's clock, would otherwise be texted again and called.
process.env.ALERT_ESCALATION_SECONDS = '1800';
// A ward's phone counts as silent during a journey after 2 minutes (not 10), so the guardian-warning test moves
// the server's clock only a little past it: the other tests' journeys share that clock.
process.env.JOURNEY_SILENCE_MINUTES = '2';
// Every test signs its own people up, all from this machine's address.
process.env.AUTH_MAX_SIGNUPS_PER_ADDRESS = '100000';
for (const name of [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
]) {
  delete process.env[name];
}
await ensureServerBuilt();
// The Safety Map asks a local fake Overpass API serving fixed OpenStreetMap places in lower Manhattan (around the
// tests' New York geolocation), so the browser tests use the real provider path without the internet.
const { startFakeOverpass } = await import(pathToFileURL(FAKE_OVERPASS).href);
process.env.OVERPASS_URL = (await startFakeOverpass()).url;
await import(pathToFileURL(SERVER_MAIN).href);
