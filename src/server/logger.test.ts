import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SENSITIVE_FIELD_FRAGMENTS } from '#shared/constants';
import { REDACTED, createLogger, isSensitiveField, redactSensitive } from './logger';

/** A logger writing into an array, one parsed JSON object per line. */
function capture(level = 'info'): { logger: ReturnType<typeof createLogger>; lines: () => string[] } {
  const chunks: string[] = [];
  const logger = createLogger(level, { write: (chunk: string) => void chunks.push(chunk) });
  return { logger, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

/**
 * The field `depth` containers down: `{inner: {items: [{…{[key]: value}}]}}`. Objects and arrays alternate in
 * spirit with real log payloads (a request body holding a list of contacts); every container counts as a level.
 */
function nest(depth: number, key: string, value: unknown): Record<string, unknown> {
  let node: unknown = { [key]: value, harmless: `kept-${depth}` };
  for (let i = 0; i < depth; i++) node = i % 3 === 2 ? [node] : { inner: node };
  return Array.isArray(node) ? { items: node } : (node as Record<string, unknown>);
}

/** Names a developer might give a field holding each kind of sensitive data. */
function namesFor(fragment: string): string[] {
  const capital = fragment[0]!.toUpperCase() + fragment.slice(1);
  return [fragment, fragment.toUpperCase(), `user${capital}`, `${fragment}_value`, `x-${fragment}-header`];
}

/** The list in docs/PRODUCT.md#constants-and-limits, written out: "any field whose name contains …". */
const DOCUMENTED_FRAGMENTS = [
  'password',
  'token',
  'secret',
  'key',
  'auth',
  'authorization',
  'phone',
  'email',
  'location',
  'coordinates',
  'lat',
  'lng',
  'latitude',
  'longitude',
];

describe('logger redaction (docs/PRODUCT.md#constants-and-limits)', () => {
  it('uses exactly the documented list of name fragments', () => {
    expect([...SENSITIVE_FIELD_FRAGMENTS].sort()).toEqual([...DOCUMENTED_FRAGMENTS].sort());
  });

  it.each(DOCUMENTED_FRAGMENTS.map((fragment) => [fragment]))(
    'redacts every field whose name contains %j, at depths 0 to 8',
    (fragment) => {
      for (const name of namesFor(fragment)) {
        expect(isSensitiveField(name), name).toBe(true);
        for (let depth = 0; depth <= 8; depth++) {
          const { logger, lines } = capture();
          const secret = `SECRET-${fragment}-${depth}`;
          logger.info(nest(depth, name, secret), 'event');
          const [line] = lines();
          expect(line, `${name} at depth ${depth}`).not.toContain(secret);
          expect(line).toContain(REDACTED);
          expect(line).toContain(`kept-${depth}`);
        }
      }
    },
  );

  it('redacts whole sensitive objects, not just strings', () => {
    const { logger, lines } = capture();
    logger.info({ location: { lat: 51.5074, lng: -0.1278 }, coordinates: [51.5074, -0.1278], note: 'ok' });
    const [line] = lines();
    expect(line).not.toContain('51.5074');
    expect(line).not.toContain('0.1278');
    expect(JSON.parse(line!)).toMatchObject({ location: REDACTED, coordinates: REDACTED, note: 'ok' });
  });

  it('keeps fields that are not sensitive, with their values and types', () => {
    const { logger, lines } = capture();
    logger.info(
      { userId: 'u-1', count: 3, ok: true, alert: { id: 'a-1', status: 'sent', attempts: [1, 2] } },
      'kept',
    );
    expect(JSON.parse(lines()[0]!)).toMatchObject({
      userId: 'u-1',
      count: 3,
      ok: true,
      alert: { id: 'a-1', status: 'sent', attempts: [1, 2] },
      msg: 'kept',
    });
  });

  it('redacts inside errors passed as objects but keeps the error message', () => {
    const { logger, lines } = capture();
    logger.error({ err: new Error('database unavailable'), password: 'hunter2' }, 'failed');
    const line = lines()[0]!;
    expect(line).toContain('database unavailable');
    expect(line).not.toContain('hunter2');
  });

  it('redactSensitive returns a copy and leaves the original alone', () => {
    const original = { token: 'abc', nested: { email: 'a@b.co' } };
    const copy = redactSensitive(original);
    expect(copy).toEqual({ token: REDACTED, nested: { email: REDACTED } });
    expect(original).toEqual({ token: 'abc', nested: { email: 'a@b.co' } });
  });

  // Past the depth limit the value is dropped, never logged as is.
  it('redacts sensitive fields deeper than 8 levels too', () => {
    for (const depth of [9, 12, 20]) {
      const { logger, lines } = capture();
      logger.info(nest(depth, 'password', `DEEP-SECRET-${depth}`));
      expect(lines()[0]).not.toContain(`DEEP-SECRET-${depth}`);
    }
  });
});

describe('request logs', () => {
  it('name the path but never the query string', async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    app.get('/api/things', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/things?access_token=tok-SECRET&lat=51.50740&email=jane%40example.com',
      headers: { authorization: 'Bearer hdr-SECRET' },
    });
    await app.close();
    const output = lines().join('\n');
    expect(output).toContain('/api/things');
    for (const leaked of ['?', 'tok-SECRET', '51.50740', 'jane', 'hdr-SECRET', 'access_token']) {
      expect(output, leaked).not.toContain(leaked);
    }
    const incoming = lines()
      .map((line) => JSON.parse(line) as { req?: { path?: string } })
      .find((entry) => entry.req);
    expect(incoming?.req?.path).toBe('/api/things');
  });
});

describe('share codes in logs', () => {
  const CODE = 'SHARECODE-Zx81';
  const RESPONDER_CODE = 'k3xq7vz2mwp4hy6tbn5rjc2dfa';

  it.each([
    `/track/${CODE}`,
    `/api/track/${CODE}`,
    `/api/track/${CODE}?x=1`,
    `/TRACK/${CODE}`,
    `/%74rack/${CODE}`,
    `//track/${CODE}/more`,
  ])('never appear in the request log of %s', async (url) => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    app.get('/api/track/:shareCode', async () => ({ ok: true }));
    app.get('/track/:shareCode', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url });
    await app.close();
    const output = lines().join('\n');
    expect(output).toContain('incoming request');
    expect(output, url).not.toContain(CODE);
  });

  it('are replaced in messages, fields and errors, keeping the rest of the text', () => {
    const { logger, lines } = capture();
    logger.warn({ link: `https://beacon.example/track/${CODE}` }, `sent /track/${CODE} to a contact`);
    logger.error({ err: new Error(`Reply was already sent for /api/track/${CODE}`) }, 'failed');
    const output = lines().join('\n');
    expect(output).not.toContain(CODE);
    expect(output).toContain(`https://beacon.example/track/${REDACTED}`);
    expect(output).toContain(`sent /track/${REDACTED} to a contact`);
    expect(output).toContain(`/api/track/${REDACTED}`);
  });

  it.each([
    `/r/${RESPONDER_CODE}`,
    `/R/${RESPONDER_CODE}`,
    `/api/responder/${RESPONDER_CODE}`,
    `/api/responder/${RESPONDER_CODE}/respond?x=1`,
    `/%72/${RESPONDER_CODE}`,
  ])('a responder code never appears in the request log of %s', async (url) => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    app.get('/api/responder/:code', async () => ({ ok: true }));
    app.get('/api/responder/:code/respond', async () => ({ ok: true }));
    app.get('/r/:code', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url });
    await app.close();
    const output = lines().join('\n');
    expect(output).toContain('incoming request');
    expect(output, url).not.toContain(RESPONDER_CODE);
  });

  it('a responder code is replaced in messages, fields and errors, keeping the rest of the text', () => {
    const { logger, lines } = capture();
    logger.warn({ text: `Beacon SOS …\nAnswer: https://beacon.example/r/${RESPONDER_CODE}` }, 'texted');
    logger.error({ err: new Error(`failed /api/responder/${RESPONDER_CODE}/respond`) }, 'failed');
    const output = lines().join('\n');
    expect(output).not.toContain(RESPONDER_CODE);
    expect(output).toContain(`https://beacon.example/r/${REDACTED}`);
    expect(output).toContain(`/api/responder/${REDACTED}/respond`);
  });

  it('replace a media URL’s signature, in messages, fields, errors and request logs', async () => {
    const SIGNATURE = 'q2Vt3kC8x9_secret-signature-value-0123456789';
    const media = `/api/recordings/0b9a3a1e-8d0f-4a8e-9c2b-2f1d7e6a5b4c/media?expires=1764120600&view=v&signature=${SIGNATURE}`;
    const { logger, lines } = capture();
    logger.warn({ media_url: media, url: `https://beacon.example${media}&x=1` }, `streaming ${media}`);
    logger.error({ err: new Error(`Reply was already sent for ${media}`) }, 'failed');
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    await app.inject({ method: 'GET', url: media.replace('/media', '/nowhere') });
    await app.close();
    const output = lines().join('\n');
    expect(output).not.toContain(SIGNATURE);
    expect(output).toContain(`expires=1764120600&view=v&signature=${REDACTED}`);
    expect(output).toContain(`signature=${REDACTED}&x=1`);
  });

  it('replace an alert push’s answer token wherever it appears, a path and a 404’s message included', async () => {
    const TOKEN = `bar1_${'a1'.repeat(32)}Zq9-secret_answer-token-value-012345678901`;
    const { logger, lines } = capture();
    logger.warn({ note: `answered with ${TOKEN}` }, `got ${TOKEN}`);
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    await app.inject({ method: 'POST', url: `/api/alert-responses/push/${TOKEN}` });
    await app.inject({ method: 'GET', url: `/api/alert-responses/%62ar1_${TOKEN.slice(5)}` });
    await app.close();
    const output = lines().join('\n');
    expect(output).toContain('incoming request');
    expect(output).not.toContain(TOKEN.slice(5));
    expect(output).toContain(`bar1_${REDACTED}`);
  });
});
