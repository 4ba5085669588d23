import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../voice/twilio-signature';

/** One text request (POST) the fake received. */
export type FakeSmsRequest = {
  to: string;
  body: string;
  from: string | null;
  authorization: string | null;
  path: string;
  /** 1 for the first request to this number, 2 for the second, … */
  attempt: number;
};

/** One call request (POST …/Calls.json) the fake received: the form's fields as Beacon sent them. */
export type FakeCallRequest = {
  sid: string;
  to: string;
  from: string | null;
  /** The inline TwiML the call would play. */
  twiml: string | null;
  url: string | null;
  machineDetection: string | null;
  asyncAmd: string | null;
  statusCallback: string | null;
  statusCallbackMethod: string | null;
  statusCallbackEvent: string | null;
  authorization: string | null;
  path: string;
  /** 1 for the first call to this number, 2 for the second, … */
  attempt: number;
};

/** A callback as Twilio would post it: the URL it was given, signed form headers, the form. */
export type SignedCallback = { url: string; path: string; headers: Record<string, string>; payload: string };

/** How the fake answers one request: a status (and JSON body, headers), or never (the connection hangs). */
export type FakeReply =
  { status: number; json?: Record<string, unknown>; headers?: Record<string, string> } | 'hang';

/** A message the fake took, as Twilio's message list shows it. */
type FakeMessage = { sid: string; to: string; from: string | null; body: string; date_created: string };

export type FakeTwilio = {
  /** The base URL to give as TWILIO_BASE_URL. */
  url: string;
  /** Every text request (POST), in arrival order. */
  requests: FakeSmsRequest[];
  /**
   * What phones received: every text request the fake accepted (answered 2xx, or hung after receiving it).
   * Like Twilio, the fake does not de-duplicate: the same text sent twice is received twice.
   */
  delivered: FakeSmsRequest[];
  /** The message-list reads (GET), as their query strings. */
  lookups: URLSearchParams[];
  /** Every call request (POST …/Calls.json), in arrival order. */
  calls: FakeCallRequest[];
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  waitForCalls(count: number, timeoutMs?: number): Promise<void>;
  /**
   * Plays Twilio: a callback to `url` (a status or gather URL a call was given) with these form fields, signed
   * with the `authToken` the fake was started with (X-Twilio-Signature). For `app.inject`, use `path`.
   */
  signedCallback(url: string, params: Record<string, string>): SignedCallback;
  /** Posts that signed callback to `url` itself (an app that listens there); answers its status and body. */
  postCallback(url: string, params: Record<string, string>): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

export const acceptedReply = (): FakeReply => ({
  status: 201,
  json: { sid: newSid(), status: 'queued' },
});

/** Twilio's answer to a call it placed (with the sid the fake gave the request). */
export const acceptedCallReply = (sid = newSid('CA')): FakeReply => ({
  status: 201,
  json: { sid, status: 'queued' },
});

/**
 * A local stand-in for Twilio's Messages API on 127.0.0.1 and a random port, for tests: `POST …/Messages.json`
 * sends (`reply` decides each answer; the default accepts everything) and `GET …/Messages.json?To=` lists the
 * messages it took for that number, newest first, with `date_created` in RFC 2822 like Twilio. `POST
 * …/Calls.json` places a call (`callReply` decides; the default accepts), kept in `calls`; the fake then plays
 * Twilio's side of the call with signed callbacks (`signedCallback`, `postCallback`).
 */
export async function startFakeTwilio(
  reply: (request: FakeSmsRequest) => FakeReply = () => acceptedReply(),
  options: {
    /** Answers the message list instead (to make it fail). */
    listReply?: () => FakeReply;
    /** Twilio's clock, which stamps `date_created` (tests pass the app's manual clock). */
    now?: () => Date;
    /** Answers each call request instead of accepting it. */
    callReply?: (call: FakeCallRequest) => FakeReply;
    /** The account's auth token, which signs the callbacks (the app's TWILIO_AUTH_TOKEN). */
    authToken?: string;
  } = {},
): Promise<FakeTwilio> {
  const {
    listReply,
    now = () => new Date(),
    callReply = (call) => acceptedCallReply(call.sid),
    authToken,
  } = options;
  const calls: FakeCallRequest[] = [];
  const callsByNumber = new Map<string, number>();
  const requests: FakeSmsRequest[] = [];
  const delivered: FakeSmsRequest[] = [];
  const lookups: URLSearchParams[] = [];
  const messages: FakeMessage[] = [];
  const attemptsByNumber = new Map<string, number>();
  const waiters = new Set<() => void>();

  const send = (res: ServerResponse, answer: FakeReply): void => {
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.json ?? { code: answer.status, message: `HTTP ${answer.status}` }));
  };

  const list = (req: IncomingMessage, res: ServerResponse): void => {
    const query = new URL(req.url ?? '/', 'http://fake').searchParams;
    lookups.push(query);
    const failure = listReply?.();
    if (failure) return send(res, failure);
    const to = query.get('To');
    const page = messages.filter((message) => !to || message.to === to).reverse();
    send(res, { status: 200, json: { messages: page, next_page_uri: null } });
  };

  const call = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    const attempt = (callsByNumber.get(to) ?? 0) + 1;
    callsByNumber.set(to, attempt);
    const request: FakeCallRequest = {
      sid: newSid('CA'),
      to,
      from: form.get('From'),
      twiml: form.get('Twiml'),
      url: form.get('Url'),
      machineDetection: form.get('MachineDetection'),
      asyncAmd: form.get('AsyncAmd'),
      statusCallback: form.get('StatusCallback'),
      statusCallbackMethod: form.get('StatusCallbackMethod'),
      statusCallbackEvent: form.get('StatusCallbackEvent'),
      authorization: header(req, 'authorization'),
      path: req.url ?? '',
      attempt,
    };
    calls.push(request);
    for (const wake of waiters) wake();
    send(res, callReply(request));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'POST' && (req.url ?? '').endsWith('/Calls.json')) return call(req, res);
    if (req.method === 'GET') return list(req, res);
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    const attempt = (attemptsByNumber.get(to) ?? 0) + 1;
    attemptsByNumber.set(to, attempt);
    const request: FakeSmsRequest = {
      to,
      body: form.get('Body') ?? '',
      from: form.get('From') ?? form.get('MessagingServiceSid'),
      authorization: header(req, 'authorization'),
      path: req.url ?? '',
      attempt,
    };
    requests.push(request);
    const answer = reply(request);
    if (answer === 'hang' || (answer.status >= 200 && answer.status < 300)) {
      delivered.push(request);
      const sid = answer !== 'hang' && typeof answer.json?.sid === 'string' ? answer.json.sid : newSid();
      messages.push({
        sid,
        to,
        from: request.from,
        body: request.body,
        date_created: now().toUTCString(),
      });
    }
    for (const wake of waiters) wake();
    send(res, answer);
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const waitFor = async (list: readonly unknown[], count: number, what: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (list.length < count) {
      if (Date.now() > deadline) throw new Error(`fake Twilio got ${list.length} of ${count} ${what}`);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 100);
      });
    }
  };

  const signedCallback = (url: string, params: Record<string, string>): SignedCallback => {
    if (!authToken) throw new Error('start the fake Twilio with an authToken to sign callbacks');
    const parsed = new URL(url);
    return {
      url,
      path: `${parsed.pathname}${parsed.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, url, params),
      },
      payload: new URLSearchParams(params).toString(),
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    delivered,
    lookups,
    calls,
    waitForRequests: (count, timeoutMs = 15_000) => waitFor(requests, count, 'requests', timeoutMs),
    waitForCalls: (count, timeoutMs = 15_000) => waitFor(calls, count, 'calls', timeoutMs),
    signedCallback,
    async postCallback(url, params) {
      const callback = signedCallback(url, params);
      const response = await fetch(url, {
        method: 'POST',
        headers: callback.headers,
        body: callback.payload,
      });
      return { status: response.status, body: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function newSid(prefix = 'SM'): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
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
