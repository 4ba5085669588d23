import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

// Every module of src/shared/schemas, as the client build wraps them (scripts/vite-lazy-schemas.mjs).
const sharedSchemaModules = import.meta.glob<Record<string, unknown>>(
  ['../../shared/schemas/*.ts', '!../../shared/schemas/*.test.ts'],
  { eager: true },
);

describe('a schema built when first read', () => {
  it('builds nothing until it is read, then once', () => {
    const build = vi.fn(() => z.object({ name: z.string() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('composes like the schema itself: inside objects and unions, extended, detached, as a standard schema', async () => {
    const Kind = lazySchema(() => z.enum(['call', 'text']));
    const Call = lazySchema(() => z.object({ kind: z.literal('call'), seconds: z.number().int() }));
    const Text = lazySchema(() =>
      z.object({ kind: z.literal('text'), body: z.string().min(1, 'Say something') }),
    );
    const Message = lazySchema(() => z.discriminatedUnion('kind', [Call, Text]));
    const Envelope = lazySchema(() => z.object({ kind: Kind, message: Message }));
    const Stamped = lazySchema(() => Envelope.extend({ at: z.iso.datetime() }));

    expect(Stamped).toBeInstanceOf(z.ZodType);
    expect('_zod' in Stamped).toBe(true);
    const value = { kind: 'text', message: { kind: 'text', body: 'hi' }, at: '2026-01-01T00:00:00Z' };
    expect(Stamped.parse(value)).toEqual(value);
    const refused = Stamped.safeParse({ ...value, message: { kind: 'text', body: '' } });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['message', 'body'], 'Say something'],
    ]);
    const { parse } = Message;
    expect(parse({ kind: 'call', seconds: 3 })).toEqual({ kind: 'call', seconds: 3 });
    expect(Object.keys(Envelope.shape)).toEqual(['kind', 'message']);
    expect(Kind.options).toEqual(['call', 'text']);
    const checked = await Text['~standard'].validate({ kind: 'text', body: 'x' });
    expect(checked).toEqual({ value: { kind: 'text', body: 'x' } });
  });

  it('answers exactly as each schema of src/shared/schemas, alone and inside an object', () => {
    const schemas = Object.values(sharedSchemaModules).flatMap((exports) =>
      Object.entries(exports).filter(
        (entry): entry is [string, z.ZodType] =>
          /(Schema|Rule)$/.test(entry[0]) && entry[1] instanceof z.ZodType,
      ),
    );
    expect(schemas.length).toBeGreaterThan(150);
    const samples: unknown[] = [undefined, null, 'text', 1.5, {}, { id: 'x' }];
    for (const [name, eager] of schemas) {
      const lazy = lazySchema(() => eager);
      const inObject = (schema: z.ZodType) => z.object({ field: schema });
      for (const sample of samples) {
        const answer = (schema: z.ZodType) => {
          const result = schema.safeParse(sample);
          return result.success ? { data: result.data } : { issues: result.error.issues };
        };
        expect(answer(lazy), name).toEqual(answer(eager));
        expect(answer(inObject(lazy)), name).toEqual(answer(inObject(eager)));
      }
    }
  });
});
