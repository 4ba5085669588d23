/**
 * Malformed request bodies for input-fuzz tests: broken JSON, wrong content types, wrong shapes, and every field
 * of a valid body replaced by a wrong type, a null, a huge or odd string, or left out. An endpoint under test
 * must answer each with a 4xx (or a 2xx when the mutation happens to be valid) and never a 500.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ApiErrorSchema } from '#shared/schemas/api-error';

export type RawRequest = { label: string; contentType: string; payload: string };

const HUGE = 'x'.repeat(200_000);
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

/** Bodies that are wrong before any field is looked at. */
export const MALFORMED_BODIES: readonly RawRequest[] = [
  { label: 'truncated JSON', contentType: 'application/json', payload: '{"email":' },
  { label: 'not JSON', contentType: 'application/json', payload: '{email: nope}' },
  { label: 'empty JSON body', contentType: 'application/json', payload: '' },
  { label: 'JSON null', contentType: 'application/json', payload: 'null' },
  { label: 'JSON array', contentType: 'application/json', payload: '[]' },
  { label: 'JSON array of objects', contentType: 'application/json', payload: '[{"a":1}]' },
  { label: 'JSON string', contentType: 'application/json', payload: '"hello"' },
  { label: 'JSON number', contentType: 'application/json', payload: '42' },
  { label: 'JSON boolean', contentType: 'application/json', payload: 'true' },
  { label: '__proto__ key', contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  {
    label: 'constructor.prototype',
    contentType: 'application/json',
    payload: '{"constructor":{"prototype":{"x":1}}}',
  },
  { label: 'deeply nested arrays', contentType: 'application/json', payload: DEEP },
  {
    label: 'lone surrogate',
    contentType: 'application/json',
    payload: '{"email":"\\ud800@x.io","password":"\\udfff"}',
  },
  {
    label: 'NUL escape',
    contentType: 'application/json',
    payload: '{"email":"a\\u0000@b.co","full_name":"a\\u0000b"}',
  },
  {
    label: 'huge string value',
    contentType: 'application/json',
    payload: JSON.stringify({ email: HUGE, x: HUGE }),
  },
  {
    label: 'over the body limit',
    contentType: 'application/json',
    payload: JSON.stringify({ a: 'y'.repeat(1_100_000) }),
  },
  { label: 'text/plain', contentType: 'text/plain', payload: 'email=a@b.co' },
  {
    label: 'form encoded',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'email=a%40b.co&password=x',
  },
  { label: 'xml', contentType: 'application/xml', payload: '<user><email>a@b.co</email></user>' },
  { label: 'json with charset and BOM', contentType: 'application/json; charset=utf-8', payload: '\uFEFF{}' },
];

const WRONG_VALUES: ReadonlyArray<[string, unknown]> = [
  ['null', null],
  ['a number', 42],
  ['an array', ['a']],
  ['an object', { nested: true }],
  ['a boolean', true],
  ['a 10k string', 'z'.repeat(10_000)],
  ['a NUL character', 'ab\u0000cd'],
  ['a valid-looking value with a NUL', 'nul\u0000ok@example.test'],
  ['emoji and RTL text', '💥🔥\u202Eevil\u200B'.repeat(20)],
  ['a script tag', '<script>alert(1)</script>'],
];

/**
 * Every field of `valid` (and of objects nested in it) replaced by each wrong value, then left out; plus an
 * unknown extra field.
 */
export function mutations(
  valid: Record<string, unknown>,
  path = '',
): Array<{ label: string; body: unknown }> {
  const out: Array<{ label: string; body: unknown }> = [];
  for (const [key, current] of Object.entries(valid)) {
    const name = `${path}${key}`;
    for (const [label, value] of WRONG_VALUES)
      out.push({ label: `${name} as ${label}`, body: { ...valid, [key]: value } });
    const { [key]: _missing, ...rest } = valid;
    out.push({ label: `${name} missing`, body: rest });
    if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
      for (const inner of mutations(current as Record<string, unknown>, `${name}.`)) {
        out.push({ label: inner.label, body: { ...valid, [key]: inner.body } });
      }
    }
  }
  out.push({
    label: `${path || 'body'}: an unknown extra field`,
    body: { ...valid, unexpected_field: 'surprise' },
  });
  return out;
}

/** No input may produce a 500; every error answer has the one error shape `{error, message}`. */
export function expectHandled(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(ApiErrorSchema.safeParse(res.json()).success, label).toBe(true);
}
