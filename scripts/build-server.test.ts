import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const execFileAsync = promisify(execFile);

describe('the server built to JavaScript', () => {
  // Inside the repository, as dist/server is: node finds the packages left external in its node_modules.
  let outDir: string;
  beforeAll(async () => {
    mkdirSync(path.join(root, 'dist'), { recursive: true });
    outDir = path.join(mkdtempSync(path.join(root, 'dist', 'build-server-test-')), 'server');
    await buildServer(outDir);
  }, 60_000);
  afterAll(() => rmSync(path.dirname(outDir), { recursive: true, force: true }));

  it('runs on plain node, without TypeScript at run time: it loads all of itself and reads its configuration', async () => {
    // A production start without PUBLIC_URL stops at the configuration check, after every module has loaded.
    const run = execFileAsync(process.execPath, [path.join(outDir, 'main.js')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: path.join(outDir, 'data') },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('PUBLIC_URL is required when NODE_ENV=production') as unknown,
    });
    // Loading every module of the server: well under a second when quiet, far longer on a busy machine.
  }, 60_000);

  it('loads the S3 SDK, the Redis client, the PostgreSQL driver and nodemailer only when configured', () => {
    // A static import of a package left external is loaded at every start, whatever the configuration; the
    // adapters that need them load them themselves when they are created.
    const code = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    const staticImports = [...code.matchAll(/^import\s+(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm)].map(
      (match) => match[1],
    );
    expect(staticImports).toContain('fastify');
    expect(staticImports).not.toContain('@aws-sdk/client-s3');
    expect(staticImports).not.toContain('ioredis');
    expect(staticImports).not.toContain('pg');
    expect(staticImports).not.toContain('nodemailer');
    expect(code).toContain('import("@aws-sdk/client-s3")');
    expect(code).toContain('import("ioredis")');
  });

  it('carries the migrations it applies, the same files as the sources', () => {
    const sources = readdirSync(path.join(root, 'src/server/db/migrations'));
    expect(readdirSync(path.join(outDir, 'migrations'))).toEqual(sources);
  });

  it('is up to date once built, and stale when a file it was built from changes or goes', () => {
    expect(serverIsStale(outDir)).toBe(false);
    // A file of our own added to the recorded inputs stands for a source file (the real sources stay untouched).
    const input = path.join(outDir, 'extra-input.txt');
    writeFileSync(input, 'x');
    utimesSync(input, new Date(0), new Date(0));
    const inputsFile = path.join(outDir, 'inputs.json');
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as string[];
    writeFileSync(inputsFile, JSON.stringify([...inputs, path.relative(root, input)]));
    expect(serverIsStale(outDir)).toBe(false);

    const later = new Date(Date.now() + 60_000);
    utimesSync(input, later, later);
    expect(serverIsStale(outDir)).toBe(true);

    rmSync(input);
    expect(existsSync(input)).toBe(false);
    expect(serverIsStale(outDir)).toBe(true);
  });
});
