/** Field rules (docs/PRODUCT.md#validation-rules), each with its exact message, written out, not imported. */
import { describe, expect, it } from 'vitest';
import {
  contactNameRule,
  emailRule,
  emergencyMessageRule,
  fullNameRule,
  hasScriptContent,
  optionalPhoneRule,
  phoneRule,
  relationshipRule,
} from './field-rules';
import { firstMessage } from './test-helpers';

const UNSAFE = ['<', '>', '"', "'", '&'];

describe('full name (profile record: 2 to 100 characters, no < > " \' &)', () => {
  it.each(['Al', 'Ada Lovelace', 'José Ñúñez', 'a'.repeat(100), '  Bo  '])('accepts %j', (name) => {
    expect(firstMessage(fullNameRule, name)).toBeUndefined();
  });
  it('trims', () => expect(fullNameRule.parse('  Bo  ')).toBe('Bo'));
  it.each(['', 'A', '  A  ', '   '])('%j → Full name is required', (name) => {
    expect(firstMessage(fullNameRule, name)).toBe('Full name is required');
  });
  it('101 characters are too many', () => {
    expect(firstMessage(fullNameRule, 'a'.repeat(101))).toBe('Full name must be less than 100 characters');
  });
  it.each(UNSAFE)('rejects %j', (char) => {
    expect(firstMessage(fullNameRule, `Bob ${char} Co`)).toBe('Full name contains invalid characters');
  });
  it.each([[null], [42], [undefined]])('a non-string (%j) → Full name is required', (value) => {
    expect(firstMessage(fullNameRule, value)).toBe('Full name is required');
  });
});

describe('email (valid, at most 255 characters)', () => {
  it.each(['a@b.co', 'first.last+tag@example.co.uk', ' Mixed@Case.Org '])('accepts %j', (email) => {
    expect(firstMessage(emailRule, email)).toBeUndefined();
  });
  it('trims and lower-cases', () => expect(emailRule.parse(' Mixed@Case.Org ')).toBe('mixed@case.org'));
  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b@c.de', 'a@b.co x'])(
    '%j → Invalid email address',
    (email) => expect(firstMessage(emailRule, email)).toBe('Invalid email address'),
  );
  it('255 characters pass, 256 → Email must be less than 255 characters', () => {
    const at255 = `${'a'.repeat(255 - '@example.test'.length)}@example.test`;
    expect(at255).toHaveLength(255);
    expect(firstMessage(emailRule, at255)).toBeUndefined();
    expect(firstMessage(emailRule, `a${at255}`)).toBe('Email must be less than 255 characters');
  });
  it('a non-string → Invalid email address', () => {
    expect(firstMessage(emailRule, 7)).toBe('Invalid email address');
  });
});

describe('contact name (trimmed, 2 to 100, no < > " \' &)', () => {
  it('trims', () => expect(contactNameRule.parse('  Mum  ')).toBe('Mum'));
  it.each(['', 'A', ' A '])('%j → Name must be at least 2 characters', (name) => {
    expect(firstMessage(contactNameRule, name)).toBe('Name must be at least 2 characters');
  });
  it('100 pass, 101 → Name must be less than 100 characters', () => {
    expect(firstMessage(contactNameRule, 'n'.repeat(100))).toBeUndefined();
    expect(firstMessage(contactNameRule, ` ${'n'.repeat(101)} `)).toBe(
      'Name must be less than 100 characters',
    );
  });
  it.each(UNSAFE)('rejects %j → Name contains invalid characters', (char) => {
    expect(firstMessage(contactNameRule, `Mum${char}Dad`)).toBe('Name contains invalid characters');
  });
});

describe('contact relationship (trimmed, 2 to 50, optional, no < > " \' &)', () => {
  it('trims', () => expect(relationshipRule.parse('  Friend ')).toBe('Friend'));
  it.each(UNSAFE)('rejects %j → Relationship contains invalid characters', (char) => {
    expect(firstMessage(relationshipRule, `Best${char}friend`)).toBe(
      'Relationship contains invalid characters',
    );
  });
  it('enforces 2 to 50 characters', () => {
    expect(firstMessage(relationshipRule, 'F')).toBeDefined();
    expect(firstMessage(relationshipRule, 'Fr')).toBeUndefined();
    expect(firstMessage(relationshipRule, 'r'.repeat(50))).toBeUndefined();
    expect(firstMessage(relationshipRule, 'r'.repeat(51))).toBeDefined();
  });
  it('is optional', () => expect(relationshipRule.optional().safeParse(undefined).success).toBe(true));
});

describe('phone number (normalised, then E.164, 7 to 15 characters)', () => {
  it.each(['+1234567', '+12345678901234', ' +15551234567 '])('accepts %j', (phone) => {
    expect(firstMessage(phoneRule, phone)).toBeUndefined();
  });
  it('trims', () => expect(phoneRule.parse(' +15551234567 ')).toBe('+15551234567'));
  it.each([
    ['(704) 555-0100', '+17045550100'],
    ['+1 704 555 0100', '+17045550100'],
    ['704.555.0100', '+17045550100'],
    ['1-704-555-0100', '+17045550100'],
    ['+44 (0)7400 123456'.replace('(0)', ''), '+447400123456'],
    ['0044 7400 123456', '+447400123456'],
  ])('normalises %j to %j', (typed, stored) => expect(phoneRule.parse(typed)).toBe(stored));
  it.each(['1234567', '447700900123', '07400 123456', '123456789012345'])(
    '%j (no country code, not a US or Canada number) → asks for the country code',
    (phone) => {
      expect(firstMessage(phoneRule, phone)).toBe(
        'Start the phone number with + and its country code (for example +44 7400 123456)',
      );
    },
  );
  it.each(['', '+12345', '123456'])('%j → Phone number must be at least 7 digits', (phone) => {
    expect(firstMessage(phoneRule, phone)).toBe('Phone number must be at least 7 digits');
  });
  it.each(['+1234567890123456', '1234567890123456'])(
    '%j → Phone number must be at most 15 digits',
    (phone) => {
      expect(firstMessage(phoneRule, phone)).toBe('Phone number must be at most 15 digits');
    },
  );
  it.each(['+0123456789', '++15551234', '+1555abc4567', 'call me maybe'])(
    '%j → Phone number must be in E.164 format (+1234567890)',
    (phone) =>
      expect(firstMessage(phoneRule, phone)).toBe('Phone number must be in E.164 format (+1234567890)'),
  );
});

describe('optional phone (sent as null when empty)', () => {
  it.each([[''], [null], [undefined]])('%j → null', (value) =>
    expect(optionalPhoneRule.parse(value)).toBeNull(),
  );
  it('keeps a valid number', () => expect(optionalPhoneRule.parse('+15551234567')).toBe('+15551234567'));
  it('still rejects a bad one', () => expect(optionalPhoneRule.safeParse('12').success).toBe(false));
});

describe('emergency message (trimmed, 1 to 500, no script content)', () => {
  it('trims', () => expect(emergencyMessageRule.parse('  Help me  ')).toBe('Help me'));
  it.each(['', '   '])('%j → Message cannot be empty', (message) => {
    expect(firstMessage(emergencyMessageRule, message)).toBe('Message cannot be empty');
  });
  it('500 pass, 501 → Emergency message must be less than 500 characters', () => {
    expect(firstMessage(emergencyMessageRule, 'm'.repeat(500))).toBeUndefined();
    expect(firstMessage(emergencyMessageRule, 'm'.repeat(501))).toBe(
      'Emergency message must be less than 500 characters',
    );
  });
  it.each([
    '<script>alert(1)</script>',
    'Help <SCRIPT src=x>',
    '</script>',
    'see javascript:alert(1)',
    'JavaScript:void(0)',
    'data:text/html;base64,xyz',
    'vbscript:msgbox',
    'javascript :alert(1)',
  ])('%j → Invalid content detected', (message) => {
    expect(firstMessage(emergencyMessageRule, message)).toBe('Invalid content detected');
    expect(hasScriptContent(message)).toBe(true);
  });
  it.each([
    'I need help at 5th & Main',
    'Call me: 555',
    'Meet at the data centre',
    'My description is "fine"',
  ])('allows ordinary text %j', (message) =>
    expect(firstMessage(emergencyMessageRule, message)).toBeUndefined(),
  );
});
