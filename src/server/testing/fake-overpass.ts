import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Real Overpass JSON of a few places around lower Manhattan (40.7128, -74.0060), as OpenStreetMap tags them. */
export const OVERPASS_FIXTURE: string = readFileSync(
  new URL('./overpass-fixture.json', import.meta.url),
  'utf8',
);

/**
 * How the fake answers: `ok` the fixture; `slow` never answers (the client's time-out ends it); `error` a 504 as
 * Overpass gives when overloaded; `html` an HTML error page with 200; `wrong-json` JSON that is not Overpass's.
 */
export type FakeOverpassMode = 'ok' | 'slow' | 'error' | 'html' | 'wrong-json';

export type FakeOverpass = {
  /** The interpreter URL to put in OVERPASS_URL. */
  url: string;
  mode: FakeOverpassMode;
  /** Every request received: the `data` form field (the query) and the User-Agent. */
  requests: Array<{ query: string; userAgent: string | undefined }>;
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A local stand-in for the Overpass API interpreter (tests and the browser tests' server; no internet). */
export async function startFakeOverpass(mode: FakeOverpassMode = 'ok'): Promise<FakeOverpass> {
  const fake: FakeOverpass = { url: '', mode, requests: [], close: async () => undefined };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((body) => {
      const query = new URLSearchParams(body).get('data') ?? '';
      fake.requests.push({ query, userAgent: request.headers['user-agent'] });
      answer(fake.mode, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/api/interpreter`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function answer(mode: FakeOverpassMode, response: ServerResponse): void {
  switch (mode) {
    case 'ok':
      response.writeHead(200, { 'content-type': 'application/json' }).end(OVERPASS_FIXTURE);
      return;
    case 'slow':
      return; // held open until the caller gives up or the fake closes
    case 'error':
      response
        .writeHead(504, { 'content-type': 'text/html' })
        .end('<html><body>Gateway Timeout</body></html>');
      return;
    case 'html':
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body><p>The server is probably too busy.</p></body></html>');
      return;
    case 'wrong-json':
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"elements":"none","ok":true}');
      return;
  }
}
