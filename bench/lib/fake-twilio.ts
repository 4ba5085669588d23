/** A fake Twilio Messages API in this process that stamps when each text arrives, for timing an SOS. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type FakeTwilio = {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Resolves with the arrival time (performance.now()) of the first text to `to`, or null after `timeoutMs`. */
  expect(to: string, timeoutMs: number): Promise<number | null>;
  /** Texts to numbers nobody waited for, or second texts to the same number. */
  unexpected(): number;
  total(): number;
  close(): Promise<void>;
};

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  /** First arrival per number, kept until someone asks (a text may arrive before `expect` is called). */
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (arrivedAt: number) => void>();
  let total = 0;
  let unexpected = 0;

  const server = http.createServer((request, response) => {
    // Stamped as soon as the request line and headers are in: that is when the provider "has" the text.
    const arrivedAt = performance.now();
    const match = MESSAGES_PATH.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }),
      );
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      total++;
      const waiter = waiters.get(to);
      if (waiter) {
        waiters.delete(to);
        waiter(arrivedAt);
      } else if (!arrivals.has(to)) {
        arrivals.set(to, arrivedAt);
      } else {
        unexpected++;
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          sid,
          account_sid: match[1],
          to,
          from: form.get('From'),
          messaging_service_sid: form.get('MessagingServiceSid'),
          body: form.get('Body'),
          status: 'queued',
          num_segments: '1',
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${match[1]}/Messages/${sid}.json`,
        }),
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('fake Twilio did not start');

  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    accountSid,
    authToken,
    expect(to, timeoutMs) {
      const already = arrivals.get(to);
      if (already !== undefined) {
        arrivals.delete(to);
        return Promise.resolve(already);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(to);
          resolve(null);
        }, timeoutMs);
        waiters.set(to, (arrivedAt) => {
          clearTimeout(timer);
          resolve(arrivedAt);
        });
      });
    },
    unexpected: () => unexpected + arrivals.size,
    total: () => total,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
