import { APP_NAME } from '#shared/constants';
import type { PasswordWeakness } from '#shared/texts';
import { COMMON_PASSWORDS } from './common-passwords';

/** What we know about the person choosing the password: it must not be built from these. */
export type PasswordContext = { email?: string; fullName?: string };

/** Keyboard rows and alphabets: a password that is a run along one of these is guessed first. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertzuiop',
  'azertyuiop',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
];
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};
/** "Common word plus a short tail" (Dragon2024!) is how breached passwords usually look. */
const MAX_SIMPLE_TAIL = 6;
const MIN_PERSONAL_TOKEN = 3;

/**
 * Why a password is too easy to guess (docs/PRODUCT.md#account-and-sign-in), or null when it is not: it contains
 * the product's name (also with simple letter-for-digit swaps: "b3acon"), is built from the person's e-mail
 * address or name, is a common password (also with a short digit/symbol tail or simple swaps), one repeated
 * character or short pattern, or a run along the alphabet or a keyboard row. The reason is what the refusal tells
 * the person. Pure: no I/O, so it is unit-tested directly. Length is checked separately by the shared schema.
 */
export function passwordWeakness(password: string, context: PasswordContext = {}): PasswordWeakness | null {
  const lower = password.toLowerCase();
  if (containsProductName(lower)) return 'productName';
  if (containsPersonalToken(lower, context)) return 'personal';
  if (isCommon(lower)) return 'common';
  if (isRepetitive(lower)) return 'repetitive';
  if (isSequential(lower)) return 'sequential';
  return null;
}

export function isWeakPassword(password: string, context: PasswordContext = {}): boolean {
  return passwordWeakness(password, context) !== null;
}

/**
 * The first word anyone guessing a Beacon password tries. Swaps are undone ("b3@c0n"), an 8 may stand for the b,
 * and separators are ignored ("bea-con").
 */
function containsProductName(lower: string): boolean {
  const product = APP_NAME.toLowerCase();
  const undone = alphanumeric(deLeet(lower.replace(/8/g, 'b')));
  return alphanumeric(lower).includes(product) || undone.includes(product);
}

function isCommon(lower: string): boolean {
  const { base, tail } = splitTail(lower);
  const candidates = [lower, deLeet(lower)];
  if (base.length >= 3 && tail.length <= MAX_SIMPLE_TAIL) candidates.push(base, deLeet(base));
  return candidates.some((candidate) => COMMON_PASSWORDS.has(candidate));
}

/** Splits "monkey123!" into "monkey" and "123!". */
function splitTail(lower: string): { base: string; tail: string } {
  const match = /^(.*?)([\d\W_]*)$/u.exec(lower);
  return { base: match?.[1] ?? lower, tail: match?.[2] ?? '' };
}

function deLeet(text: string): string {
  return [...text].map((char) => LEET[char] ?? char).join('');
}

/** "aaaaaaaa", "abababab", "1234123412": a unit of up to four characters repeated, or only two distinct ones. */
function isRepetitive(lower: string): boolean {
  const chars = [...lower];
  if (new Set(chars).size <= 2) return true;
  for (let unit = 1; unit <= 4 && unit * 2 <= chars.length; unit++) {
    if (chars.every((char, i) => char === chars[i % unit])) return true;
  }
  return false;
}

/** "abcdefgh", "87654321", "qwertyui", "hgfedcba" — also with a short tail ("abcdefgh1"). */
function isSequential(lower: string): boolean {
  const { base, tail } = splitTail(lower);
  const candidates = [lower];
  if (base.length >= 6 && tail.length <= MAX_SIMPLE_TAIL) candidates.push(base);
  return candidates.some((candidate) => isConstantStep(candidate) || isRunOnSequence(candidate));
}

function isConstantStep(text: string): boolean {
  if (text.length < 3) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++) {
    if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  }
  return true;
}

function isRunOnSequence(text: string): boolean {
  const reversed = [...text].reverse().join('');
  return SEQUENCES.some((sequence) => sequence.includes(text) || sequence.includes(reversed));
}

/** The e-mail's local part anywhere in the password, or the password being the person's name. */
function containsPersonalToken(lower: string, context: PasswordContext): boolean {
  const compact = alphanumeric(lower);
  const localPart = alphanumeric(context.email?.split('@')[0] ?? '');
  if (localPart.length >= MIN_PERSONAL_TOKEN && compact.includes(localPart)) return true;
  const email = context.email?.toLowerCase();
  if (email && lower.includes(email)) return true;
  const name = alphanumeric(context.fullName ?? '');
  if (name.length < MIN_PERSONAL_TOKEN) return false;
  const { base, tail } = splitTail(lower);
  return compact === name || (tail.length <= MAX_SIMPLE_TAIL && alphanumeric(base) === name);
}

function alphanumeric(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
