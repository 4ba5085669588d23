import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDEMPOTENCY_HEADER } from './twilio-sms-provider';

/** One request the fake received. */
export type FakeSmsRequest = {
  to: string;
  body: string;
  from: string | null;
  token: string | null;
  authorization: string | null;
  path: string;
  /** 1 for the first request to this number, 2 for the second, … */
  attempt: number;
};

/** How the fake answers one request: a status (and JSON body, headers), or never (the connection hangs). */
export type FakeReply =
  { status: number; json?: Record<string, unknown>; headers?: Record<string, string> } | 'hang';

export type FakeTwilio = {
  /** The base URL to give as TWILIO_BASE_URL. */
  url: string;
  /** Every request, in arrival order. */
  requests: FakeSmsRequest[];
  /**
   * What phones received: a request the fake accepted (answered 2xx, or hung after receiving it), counted once per
   * idempotency token — as a provider that de-duplicated on the token would deliver (Twilio's Messages API does
   * not: see README, "Known limits").
   */
  delivered: FakeSmsRequest[];
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export const acceptedReply = (token: string | null): FakeReply => ({
  status: 201,
  json: {
    sid: `SM${createHash('sha256')
      .update(token ?? String(Math.random()))
      .digest('hex')
      .slice(0, 32)}`,
    status: 'queued',
  },
});

/**
 * A local stand-in for Twilio's Messages API on 127.0.0.1 and a random port, for tests. `reply` decides each
 * answer; the default accepts everything.
 */
export async function startFakeTwilio(
  reply: (request: FakeSmsRequest) => FakeReply = (request) => acceptedReply(request.token),
): Promise<FakeTwilio> {
  const requests: FakeSmsRequest[] = [];
  const delivered: FakeSmsRequest[] = [];
  const seenTokens = new Set<string>();
  const attemptsByNumber = new Map<string, number>();
  const waiters = new Set<() => void>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    const attempt = (attemptsByNumber.get(to) ?? 0) + 1;
    attemptsByNumber.set(to, attempt);
    const token = header(req, IDEMPOTENCY_HEADER.toLowerCase());
    const request: FakeSmsRequest = {
      to,
      body: form.get('Body') ?? '',
      from: form.get('From') ?? form.get('MessagingServiceSid'),
      token,
      authorization: header(req, 'authorization'),
      path: req.url ?? '',
      attempt,
    };
    requests.push(request);
    const answer = reply(request);
    const accepted = answer === 'hang' || (answer.status >= 200 && answer.status < 300);
    if (accepted && !(token && seenTokens.has(token))) delivered.push(request);
    if (accepted && token) seenTokens.add(token);
    for (const wake of waiters) wake();
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.json ?? { code: answer.status, message: `HTTP ${answer.status}` }));
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    delivered,
    async waitForRequests(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`fake Twilio got ${requests.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
