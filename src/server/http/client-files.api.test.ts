import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../testing/test-app';
import { clientCacheControl } from './client-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><title>Beacon</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;

/** A built client as `vite build` leaves it: hashed assets, the page, the service worker, the manifest. */
function writeClient(withCompressedCopies: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'beacon-client-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  const files: Record<string, string> = {
    'assets/index-Abc123.js': SCRIPT,
    'index.html': PAGE,
    'sw.js': 'self.addEventListener("fetch", () => {});\n',
    'manifest.webmanifest': '{"name":"Beacon"}',
    'icons/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, file), content);
    if (withCompressedCopies && content.length > 1024) {
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
    }
  }
  return dir;
}

describe('client files: cache-control by path', () => {
  it('caches hashed assets for good, revalidates the page, the manifest and the service worker', () => {
    expect(clientCacheControl('assets/index-Abc123.js')).toBe(IMMUTABLE);
    expect(clientCacheControl('assets/index-Abc123.js.br')).toBe(IMMUTABLE);
    expect(clientCacheControl('assets/leaflet-Xy.css.gz')).toBe(IMMUTABLE);
    expect(clientCacheControl('index.html')).toBe('no-cache');
    expect(clientCacheControl('index.html.br')).toBe('no-cache');
    expect(clientCacheControl('manifest.webmanifest')).toBe('no-cache');
    expect(clientCacheControl('sw.js')).toBe('no-cache');
    expect(clientCacheControl('icons/icon.svg')).toBeUndefined();
    expect(clientCacheControl('registerSW.js')).toBeUndefined();
  });
});

// `npm start` runs in development unless NODE_ENV says otherwise; production must serve the same way.
describe.each<{ env: Readonly<Record<string, string>> }>([
  { env: { NODE_ENV: 'development' } },
  { env: PRODUCTION_ENV },
])('client files in $env.NODE_ENV', ({ env }) => {
  let sut: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = writeClient(true);
    sut = await createTestApp(env, undefined, clientDir);
  });
  afterAll(async () => {
    await sut?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    sut.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed asset as brotli when the browser accepts it, cached for good', async () => {
    const res = await get('/assets/index-Abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when the browser accepts only gzip', async () => {
    const res = await get('/assets/index-Abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is when the browser accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-Abc123.js', acceptEncoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends the page compressed and revalidated, also for a client route', async () => {
    for (const url of ['/', '/index.html', '/sos', '/guardian']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(PAGE);
    }
  });

  it('revalidates the service worker and the manifest', async () => {
    expect((await get('/sw.js', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/manifest.webmanifest', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, never the page', async () => {
    const res = await get('/assets/index-Gone99.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('client files without compressed copies (a build from before precompression)', () => {
  let sut: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = writeClient(false);
    sut = await createTestApp({}, undefined, clientDir);
  });
  afterAll(async () => {
    await sut?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends the plain files to a browser that accepts brotli', async () => {
    const asset = await sut.app.inject({
      url: '/assets/index-Abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect(asset.body).toBe(SCRIPT);
    const page = await sut.app.inject({ url: '/sos', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(PAGE);
  });
});
