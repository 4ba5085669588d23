/** Helpers for the guardian, location, share-link and realtime API tests (not a test file itself). */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { REALTIME_CHANNEL } from '#shared/constants';
import type { GuardianRelationship, InviteCode } from '#shared/schemas/guardian';
import type { RealtimeEvent, RealtimeServerMessage } from '#shared/schemas/realtime';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';

/** Creates a code as `guardian`, redeems it as `ward` and answers as the guardian (unless left pending). */
export async function linkGuardian(
  sut: TestApp,
  guardian: TestUser,
  ward: TestUser,
  answer: 'active' | 'rejected' | 'pending' = 'active',
): Promise<GuardianRelationship> {
  const created = await sut.app.inject({
    method: 'POST',
    url: '/api/invite-codes',
    headers: guardian.headers,
  });
  expect(created.statusCode).toBe(201);
  const { code } = created.json<InviteCode>();
  const redeemed = await sut.app.inject({
    method: 'POST',
    url: '/api/invite-codes/redeem',
    headers: ward.headers,
    payload: { code },
  });
  expect(redeemed.statusCode).toBe(201);
  const relationship = redeemed.json<GuardianRelationship>();
  if (answer === 'pending') return relationship;
  const decided = await sut.app.inject({
    method: 'PATCH',
    url: `/api/guardian-relationships/${relationship.id}`,
    headers: guardian.headers,
    payload: { status: answer },
  });
  expect(decided.statusCode).toBe(200);
  return decided.json<GuardianRelationship>();
}

export async function endRelationship(sut: TestApp, user: TestUser, relationshipId: string): Promise<void> {
  const res = await sut.app.inject({
    method: 'DELETE',
    url: `/api/guardian-relationships/${relationshipId}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(204);
}

export async function postLocation(
  sut: TestApp,
  user: TestUser,
  reading: Record<string, unknown> = { latitude: 51.5, longitude: -0.12 },
): Promise<{ stored: number; sharing: boolean }> {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: user.headers,
    payload: reading,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What the tests use of the `ws` client that `app.injectWS` returns. */
type ClientSocket = {
  readyState: number;
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
  on(event: 'close', listener: (code: number) => void): unknown;
};

export type TestSocket = {
  messages: RealtimeServerMessage[];
  /** Events only (no control messages), in arrival order. */
  events(): RealtimeEvent[];
  send(message: unknown): void;
  /** Resolves with the first message (already received or arriving within the timeout) that matches. */
  waitFor<M extends RealtimeServerMessage>(
    match: (message: RealtimeServerMessage) => message is M,
    timeoutMs?: number,
  ): Promise<M>;
  waitFor(
    match: (message: RealtimeServerMessage) => boolean,
    timeoutMs?: number,
  ): Promise<RealtimeServerMessage>;
  /**
   * Sends a ping and resolves on its pong. The server writes to a ready socket in order, so whatever it had sent
   * this socket before it read the ping has arrived by then: after an event was delivered (routing.deliver hands it to
   * every recipient's socket in one step), a round trip proves what this socket did NOT receive.
   */
  roundTrip(): Promise<void>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
};

/** Opens GET /api/realtime on `app` (with the user's token unless `query` says otherwise) and records messages. */
export async function openSocket(
  app: FastifyInstance,
  options: { user?: TestUser; query?: string; waitForReady?: boolean } = {},
): Promise<TestSocket> {
  const params = new URLSearchParams(options.query ?? '');
  if (options.user && !params.has('access_token')) params.set('access_token', options.user.token);
  const query = params.toString();
  const messages: RealtimeServerMessage[] = [];
  const waiters = new Set<() => void>();
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  // Listeners go on before the handshake completes: the server may send in the same tick as the upgrade.
  const listen = (client: ClientSocket): void => {
    client.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as RealtimeServerMessage);
      for (const wake of waiters) wake();
    });
    client.on('close', (code) => resolveClosed(code));
  };
  const ws = (await app.injectWS(
    `${REALTIME_CHANNEL.path}${query ? `?${query}` : ''}`,
    {},
    {
      onInit: listen,
    },
  )) as ClientSocket;

  const waitFor = (
    match: (message: RealtimeServerMessage) => boolean,
    timeoutMs = 3000,
  ): Promise<RealtimeServerMessage> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = (): void => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(
          new Error(`no matching realtime message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`),
        );
      }, timeoutMs);
      waiters.add(wake);
      check();
    });

  const pongs = (): number => messages.filter((message) => message.type === 'pong').length;
  const socket: TestSocket = {
    messages,
    events: () =>
      messages.filter(
        (message): message is RealtimeEvent => typeof message.type === 'string' && 'id' in message,
      ),
    send: (message) => ws.send(JSON.stringify(message)),
    waitFor: waitFor as TestSocket['waitFor'],
    async roundTrip() {
      const before = pongs();
      ws.send(JSON.stringify({ type: 'ping' }));
      await waitFor(() => pongs() > before);
    },
    closed,
    close: () => ws.close(),
  };
  if (options.waitForReady ?? Boolean(options.user))
    await socket.waitFor((message) => message.type === 'ready');
  return socket;
}
