/**
 * Messages for refused input that name the field in words. Schemas carry the product's own messages where it
 * has one ("Phone number must be in E.164 format…"); every other refusal (a wrong type, an unknown enum value, a
 * missing field) is worded here from the field's name, so no answer ever says just "invalid input".
 */
import type { z } from 'zod';
import { FIELD_ISSUE_TEXTS, FIELD_LABELS } from '../texts';

type PathKey = PropertyKey;

/** `['location', 'latitude']` → `location.latitude`; the root is `body` (or the part of the request given). */
export function fieldPath(path: readonly PathKey[], root = 'body'): string {
  return path.length === 0 ? root : path.map(String).join('.');
}

/** `triggerType` → "Trigger type", `['phoneNumbers', 0]` → "Phone numbers #1", `[]` → the root's words. */
export function fieldLabel(path: readonly PathKey[], rootLabel: string = FIELD_ISSUE_TEXTS.body): string {
  const last = path.at(-1);
  if (last === undefined) return rootLabel;
  if (typeof last === 'number') return `${fieldLabel(path.slice(0, -1), rootLabel)} #${last + 1}`;
  const key = String(last);
  // Own labels only: a field named `constructor` or `__proto__` must not read Object's own properties.
  return Object.hasOwn(FIELD_LABELS, key) ? FIELD_LABELS[key]! : humanize(key);
}

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * Does `message` mention the field: its whole label, or any word of it of three letters or more (singular or
 * plural)?
 */
export function namesField(message: string, label: string): boolean {
  const text = message.toLowerCase();
  if (label.trim() !== '' && text.includes(label.toLowerCase())) return true;
  return label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word))
    .some((word) => word.length >= 3 && text.includes(word));
}

/**
 * The message for an issue the schema gave no message of its own (a zod per-parse error map). Written for a
 * person: never zod's own words ("Invalid input: expected string, received number"), and a kind or format with
 * no plain name falls back to "<Field> is not valid" rather than leak a type name.
 */
export function describeIssue(issue: z.core.$ZodRawIssue, rootLabel?: string): string {
  const label = fieldLabel(issue.path ?? [], rootLabel);
  const t = FIELD_ISSUE_TEXTS;
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return t.required(label);
  }
  switch (issue.code) {
    case 'invalid_type':
      return mustBeOrInvalid(label, KINDS[issue.expected]);
    case 'too_small':
      return issue.inclusive === false
        ? t.moreThan(label, Number(issue.minimum))
        : t.atLeast(label, Number(issue.minimum), unitOf(issue.origin));
    case 'too_big':
      return issue.inclusive === false
        ? t.lessThan(label, Number(issue.maximum))
        : t.atMost(label, Number(issue.maximum), unitOf(issue.origin));
    case 'invalid_value': {
      const values = issue.values.map(plainValue);
      if (values.some((value) => value === null)) return t.invalid(label);
      if (values.length === 1) return t.mustBe(label, values[0]!);
      return values.length <= 8 ? t.oneOf(label, values as string[]) : t.invalid(label);
    }
    case 'invalid_format':
      return mustBeOrInvalid(label, FORMATS[issue.format]);
    case 'unrecognized_keys':
      return t.unknownFields(issue.keys);
    default:
      return t.invalid(label);
  }
}

function mustBeOrInvalid(label: string, kind: string | undefined): string {
  return kind === undefined ? FIELD_ISSUE_TEXTS.invalid(label) : FIELD_ISSUE_TEXTS.mustBe(label, kind);
}

/** A value a field may take, quoted as a person would type it; null for one that has no such form. */
function plainValue(value: unknown): string | null {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

/** The kinds of value a field may expect, in plain words; any other kind is just "not valid". */
const KINDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a set of fields',
  array: 'a list',
  date: 'a date',
};

function unitOf(origin: string): 'characters' | 'items' | null {
  if (origin === 'string') return 'characters';
  if (origin === 'array' || origin === 'set') return 'items';
  return null;
}

const FORMATS: Readonly<Record<string, string>> = {
  uuid: 'a valid id',
  guid: 'a valid id',
  email: 'a valid e-mail address',
  url: 'a web address',
  datetime: 'a date and time (ISO 8601)',
};
