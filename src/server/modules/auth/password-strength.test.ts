import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { isWeakPassword, passwordWeakness } from './password-strength';

describe('isWeakPassword', () => {
  it('ships a list of a few hundred common passwords, lower-cased and without blanks', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const password of COMMON_PASSWORDS) expect(password).toBe(password.toLowerCase().trim());
  });

  it.each(['password', '12345678', 'qwerty123', 'iloveyou', 'sunshine', 'football', 'baseball1', 'trustno1'])(
    'rejects the common password %j',
    (password) => expect(isWeakPassword(password)).toBe(true),
  );

  it.each(['PASSWORD', 'Password', 'PassWord', 'SunShine'])('ignores letter case: %j', (password) =>
    expect(isWeakPassword(password)).toBe(true),
  );

  it.each(['Password1!', 'monkey2024!', 'dragon_99', 'Football#1', 'letmein!!'])(
    'rejects a common word with a short digit/symbol tail: %j',
    (password) => expect(isWeakPassword(password)).toBe(true),
  );

  it.each(['P@ssw0rd', 'p4ssw0rd', 'P@$$w0rd1', '$unsh1ne'])('rejects simple letter swaps: %j', (password) =>
    expect(isWeakPassword(password)).toBe(true),
  );

  it.each([
    'aaaaaaaa',
    '11111111',
    'zzzzzzzzzzzz',
    '!!!!!!!!',
    'abababab',
    '12121212',
    'abcabcabc',
    '1234123412',
    'aabbaabb',
  ])('rejects repetition: %j', (password) => expect(isWeakPassword(password)).toBe(true));

  it.each([
    '12345678',
    '123456789',
    '0123456789',
    '87654321',
    'abcdefgh',
    'hgfedcba',
    'bcdefghij',
    'qwertyui',
    'asdfghjk',
    'lkjhgfds',
    'zxcvbnm,',
    'abcdefgh1!',
  ])('rejects sequences along the alphabet, digits or a keyboard row: %j', (password) =>
    expect(isWeakPassword(password)).toBe(true),
  );

  it.each([
    ['jane.doe@example.com', 'janedoe2024'],
    ['jane.doe@example.com', 'Jane.Doe!!'],
    ['jane.doe@example.com', 'my-janedoe-secret'],
    ['jane.doe@example.com', 'jane.doe@example.com'],
    ['marguerite@example.com', 'XXmargueriteXX'],
  ])('rejects a password built from the e-mail %j: %j', (email, password) =>
    expect(isWeakPassword(password, { email })).toBe(true),
  );

  it.each([
    ['Ada Lovelace', 'adalovelace'],
    ['Ada Lovelace', 'Ada Lovelace 1'],
    ['Ada Lovelace', 'AdaLovelace!'],
  ])('rejects the person’s own name %j as %j', (fullName, password) =>
    expect(isWeakPassword(password, { fullName })).toBe(true),
  );

  it.each([
    'correct horse battery staple',
    'blue-harbour-lantern-42',
    'Tr0ub4dor&3-xylophone',
    'vN8#qL2!zR5w',
    'my cat eats 3 lemons daily',
    'hi!9384756201',
    'Zürich-Bahnhof-1984',
    '密码是很长的短语吗',
    'dragonfly-mountain-river',
  ])('accepts %j', (password) => {
    expect(isWeakPassword(password, { email: 'jane.doe@example.com', fullName: 'Jane Doe' })).toBe(false);
  });

  it('a short e-mail local part does not make every password weak', () => {
    expect(isWeakPassword('blue-harbour-lantern-42', { email: 'a@example.com' })).toBe(false);
    expect(isWeakPassword('blue-harbour-lantern-42', { email: 'lu@example.com' })).toBe(false);
  });

  it('is pure: the same answer every time', () => {
    const context = { email: 'jane@example.com', fullName: 'Jane' };
    expect(isWeakPassword('password', context)).toBe(isWeakPassword('password', context));
  });

  it.each([
    'beacon-harbour-lantern',
    'MyBeaconPassword2026',
    'BEACON!river!stone',
    'b3acon-harbour-lantern',
    'be@c0n-harbour-lantern',
    '8eacon-harbour-lantern',
    'bea-con-harbour-lantern',
    'lantern.b.e.a.c.o.n.42',
  ])('rejects %j: it contains the product name, and says so', (password) => {
    expect(passwordWeakness(password, { email: 'jane.doe@example.com', fullName: 'Jane Doe' })).toBe(
      'productName',
    );
  });

  it.each([
    ['password123', {}, 'common'],
    ['aaaaaaaaaaaa', {}, 'repetitive'],
    ['hgfedcba', {}, 'sequential'],
    ['Marguerite-2024', { email: 'marguerite@example.test' }, 'personal'],
    ['blue-harbour-lantern-42', {}, null],
  ] as const)('names the rule %j broke: %s → %s', (password, context, reason) => {
    expect(passwordWeakness(password, context)).toBe(reason);
  });
});
