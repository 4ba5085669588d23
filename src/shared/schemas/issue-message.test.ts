import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from './issue-message';

/** The message a refusal of `value` by `schema` gets when the schema has no message of its own. */
function messageFor(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value, { error: (issue) => describeIssue(issue) });
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]!.message;
}

/** Words of a validator talking to a programmer, not to a person. */
const JARGON = /\b(expected|received|invalid input|regex|nan|undefined|null|object|array|bigint|symbol)\b/i;

describe('describeIssue: a refusal in words a person understands, naming the field', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['text', z.object({ message: z.string() }), { message: 5 }, 'Message must be text'],
    ['a missing field', z.object({ message: z.string() }), {}, 'Message is required'],
    [
      'a set of fields',
      z.object({ location: z.object({ a: z.number() }) }),
      { location: 5 },
      'Location must be a set of fields',
    ],
    [
      'a list',
      z.object({ phoneNumbers: z.array(z.string()) }),
      { phoneNumbers: 'x' },
      'Phone numbers must be a list',
    ],
    ['a whole number', z.object({ count: z.int() }), { count: 1.5 }, 'Count must be a whole number'],
    ['a number, not NaN', z.object({ speed: z.number() }), { speed: Number.NaN }, 'Speed must be a number'],
    [
      'an exclusive minimum',
      z.object({ speed: z.number().positive() }),
      { speed: 0 },
      'Speed must be more than 0',
    ],
    [
      'an exclusive maximum',
      z.object({ speed: z.number().lt(5) }),
      { speed: 5 },
      'Speed must be less than 5',
    ],
    ['empty text', z.object({ name: z.string().min(1) }), { name: '' }, 'Name must not be empty'],
    ['an id', z.object({ id: z.uuid() }), { id: 'x' }, 'Id must be a valid id'],
    ['a pattern', z.object({ code: z.string().regex(/^\d+$/) }), { code: 'x' }, 'Code is not valid'],
    ['a kind without plain words', z.object({ big: z.bigint() }), { big: 'x' }, 'Big is not valid'],
    ['a null literal', z.object({ gone: z.literal(null) }), { gone: 1 }, 'Gone is not valid'],
    ['an enum', z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' }, 'Kind must be one of "a", "b"'],
  ])('%s', (_case, schema, value, message) => {
    const text = messageFor(schema, value);
    expect(text).toBe(message);
    expect(text).not.toMatch(JARGON);
  });
});
