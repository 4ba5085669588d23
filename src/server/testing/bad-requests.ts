/**
 * Bad requests for any API operation, generated (fast-check) from its entry in the OpenAPI document: the
 * document's example body with one field replaced by a wrong value, left out, or joined by an unknown field;
 * bodies that are wrong before any field is read; bad query values, path ids, tokens and headers. Pure: the
 * suite that sends them is http/bad-input.api.test.ts.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
};

export type Operation = {
  method: string;
  /** OpenAPI path, e.g. `/api/contacts/{id}`. */
  path: string;
  signedIn: boolean;
  pathParams: string[];
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  headers: string[];
  /** The documented example body, when the operation takes one. */
  exampleBody?: unknown;
};

export type BadRequest = {
  /** What was made wrong, for the failure message. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A JSON value to send as the body, or a raw payload with its content type. */
  body?: { json: unknown } | { raw: string; contentType: string };
  /** The caller's own valid token is replaced (the answer must then be 401 on a signed-in route). */
  badToken: boolean;
};

/** Characters spliced into an otherwise valid text: unstorable, invisible, or markup. */
const SPLICED = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uDC00\uD800',
  '\u202E',
  '\u200B',
  '<',
  '"',
  "'",
  '\\',
  '%',
  '\n',
];

/** Values no field expects, or expects only in a narrow shape. */
const STRANGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'ab\u0000cd',
  '\uD800',
  'a\uDC00b',
  '\uDFFF\uD800',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '\u202Eevil\u200B',
  '💥🔥'.repeat(50),
  '𝕏'.repeat(300),
  'x'.repeat(10_000),
  'y'.repeat(200_000),
  '00000000-0000-4000-8000-000000000000',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
];

export const badString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...STRANGE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 600 }),
);

const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), 361, 91, -181, 604801),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value a field might wrongly get. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badString },
  { weight: 2, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { nested: { deep: ['x'] } }) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(badString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }) },
);

const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

/** Bodies that are wrong before any field is looked at. */
const RAW_BODIES: ReadonlyArray<{ raw: string; contentType: string }> = [
  { contentType: 'application/json', raw: '{"a":' },
  { contentType: 'application/json', raw: '{a: nope}' },
  { contentType: 'application/json', raw: '' },
  { contentType: 'application/json', raw: 'null' },
  { contentType: 'application/json', raw: '[]' },
  { contentType: 'application/json', raw: '[{"a":1}]' },
  { contentType: 'application/json', raw: '"hello"' },
  { contentType: 'application/json', raw: '42' },
  { contentType: 'application/json', raw: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', raw: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', raw: DEEP },
  { contentType: 'application/json', raw: JSON.stringify({ a: 'y'.repeat(1_100_000) }) },
  { contentType: 'application/json; charset=utf-8', raw: '\uFEFF{}' },
  { contentType: 'text/plain', raw: 'a=b' },
  { contentType: 'application/x-www-form-urlencoded', raw: 'email=a%40b.co&password=x' },
  { contentType: 'application/xml', raw: '<a>b</a>' },
];

/** Authorization headers that carry no valid session (a forged, unsigned or foreign token, or none). */
const BAD_AUTHORIZATION = [
  '',
  'Bearer',
  'Bearer ',
  'Bearer not-a-token',
  'Basic dXNlcjpwYXNz',
  `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '00000000-0000-4000-8000-000000000000' })}.`,
  `Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp: 1 })}.c2lnbmF0dXJl`,
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer \u00ff\u00fe',
];

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** `encodeURIComponent`, except that a lone surrogate (which it refuses) goes out as invalid UTF-8 bytes. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => (ch.isWellFormed() ? encodeURIComponent(ch) : '%ED%A0%80')).join('');
  }
}

/** A valid value for a documented query parameter (its first enum value or constant, else a word). */
function validQueryValue(schema: JsonSchema): string {
  if (schema.const !== undefined) return String(schema.const);
  if (schema.enum?.length) return String(schema.enum[0]);
  return 'example';
}

type Path = ReadonlyArray<string | number>;

/** Every place in `value` a field could be wrong: each key of each object, each element of each array. */
function fieldPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [[...prefix, index], ...fieldPaths(item, [...prefix, index])]);
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...fieldPaths(item, [...prefix, key]),
    ]);
  }
  return [];
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

/** A copy of `value` with the field at `path` set to `next` (or removed when `next` is `REMOVE`). */
const REMOVE = Symbol('remove');
function withField(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && next === REMOVE) copy.splice(Number(head), 1);
    else copy[Number(head)] = withField(copy[Number(head)], rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const key = String(head);
  if (rest.length === 0 && next === REMOVE) delete copy[key];
  // defineProperty: a key such as `__proto__` must become a field of the body, not the copy's prototype.
  else Object.defineProperty(copy, key, { value: withField(copy[key], rest, next), enumerable: true });
  return copy;
}

/** The objects inside `value` (and itself), where an unknown field can be added. */
function objectPaths(value: unknown): Path[] {
  return [[], ...fieldPaths(value)].filter((path) => {
    const at = valueAt(value, path);
    return at !== null && typeof at === 'object' && !Array.isArray(at);
  });
}

/** The bad requests for one operation, sent with the caller's valid `token` unless the token is what is bad. */
export function badRequests(op: Operation, token: string, id: string): fc.Arbitrary<BadRequest> {
  const validQuery = Object.fromEntries(
    op.query.filter((q) => q.required).map((q) => [q.name, validQueryValue(q.schema)]),
  );
  const url = (params: Record<string, string>, query: Record<string, string | string[]>): string => {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? encodeSegment(id));
    const search = Object.entries(query)
      .flatMap(([key, values]) => [values].flat().map((v) => `${encodeSegment(key)}=${encodeSegment(v)}`))
      .join('&');
    return search ? `${path}?${search}` : path;
  };
  const auth = { authorization: `Bearer ${token}` };
  const base = (label: string, extra: Partial<BadRequest> = {}): BadRequest => ({
    label,
    method: op.method,
    url: url({}, validQuery),
    headers: { ...auth },
    ...(op.exampleBody === undefined ? {} : { body: { json: op.exampleBody } }),
    badToken: false,
    ...extra,
  });

  const kinds: Array<fc.WeightedArbitrary<BadRequest>> = [];
  /** `weight`: how often this kind is drawn, relative to the others. */
  const add = (weight: number, ...arbitraries: Array<fc.Arbitrary<BadRequest>>): void => {
    for (const arbitrary of arbitraries) kinds.push({ arbitrary, weight });
  };
  add(
    1,
    // A token that is no session's: a signed-in route answers 401; a public one does not care.
    fc.constantFrom(...BAD_AUTHORIZATION).map((authorization) =>
      base(`authorization ${JSON.stringify(authorization.slice(0, 40))}`, {
        headers: authorization ? { authorization } : {},
        badToken: true,
      }),
    ),
    // Unknown or repeated query parameters.
    fc
      .tuple(fc.oneof(badString, fc.constantFrom(...op.query.map((q) => q.name), 'userId')), badString)
      .map(([key, value]) =>
        base(`query ${JSON.stringify(key.slice(0, 20))}=${JSON.stringify(value.slice(0, 20))}`, {
          url: url({}, { ...validQuery, [key]: key in validQuery ? [validQuery[key]!, value] : value }),
        }),
      ),
  );
  if (op.query.length > 0) {
    add(
      1,
      fc.tuple(fc.constantFrom(...op.query), badString, fc.boolean()).map(([param, value, drop]) => {
        const query = { ...validQuery, [param.name]: value };
        if (drop) delete query[param.name];
        return base(`query ${param.name} ${drop ? 'left out' : JSON.stringify(value.slice(0, 30))}`, {
          url: url({}, query),
        });
      }),
    );
  }
  if (op.pathParams.length > 0) {
    add(
      1,
      fc.tuple(fc.constantFrom(...op.pathParams), badString).map(([param, value]) =>
        base(`path ${param} ${JSON.stringify(value.slice(0, 30))}`, {
          url: url({ [param]: encodeSegment(value) || '%20' }, validQuery),
        }),
      ),
    );
  }
  if (op.headers.length > 0) {
    add(
      1,
      fc.tuple(fc.constantFrom(...op.headers), badString).map(([header, value]) =>
        base(`header ${header} ${JSON.stringify(value.slice(0, 30))}`, {
          headers: { ...auth, [header]: [...value].filter((ch) => ch >= ' ' && ch <= '~').join('') || ' ' },
        }),
      ),
    );
  }
  const example = op.exampleBody;
  if (example !== undefined) {
    const fields = fieldPaths(example);
    const objects = objectPaths(example);
    add(
      1,
      fc
        .constantFrom(...RAW_BODIES)
        .map((raw) =>
          base(`raw body ${JSON.stringify(raw.raw.slice(0, 30))} as ${raw.contentType}`, { body: raw }),
        ),
      badValue.map((value) => base(`body replaced by ${describe(value)}`, { body: { json: value } })),
    );
    const stringFields = fields.filter((path) => typeof valueAt(example, path) === 'string');
    if (stringFields.length > 0) {
      // A valid value with one odd character spliced in passes the schema's shape rules and so reaches the
      // database: where a NUL or half a surrogate pair once turned into a 500.
      add(
        4,
        fc
          .tuple(fc.constantFrom(...stringFields), fc.constantFrom(...SPLICED), fc.nat())
          .map(([path, odd, at]) => {
            const valid = valueAt(example, path) as string;
            const cut = at % (valid.length + 1);
            const value = `${valid.slice(0, cut)}${odd}${valid.slice(cut)}`;
            return base(`body ${path.join('.')} = ${describe(value)}`, {
              body: { json: withField(example, path, value) },
            });
          }),
      );
    }
    if (fields.length > 0) {
      add(
        3,
        fc.tuple(fc.constantFrom(...fields), badValue).map(([path, value]) =>
          base(`body ${path.join('.')} = ${describe(value)}`, {
            body: { json: withField(example, path, value) },
          }),
        ),
        fc
          .constantFrom(...fields)
          .map((path) =>
            base(`body ${path.join('.')} left out`, { body: { json: withField(example, path, REMOVE) } }),
          ),
      );
    }
    add(
      1,
      fc
        .tuple(
          fc.constantFrom(...objects),
          fc.oneof(badString, fc.constantFrom('__proto__', 'constructor')),
          badValue,
        )
        .map(([path, key, value]) =>
          base(`body ${[...path, key].join('.')} added = ${describe(value)}`, {
            body: { json: withField(example, [...path, key], value) },
          }),
        ),
    );
  }
  return fc.oneof(...kinds);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}
