import { describe, expect, it } from 'vitest';
import { RESPONDER_CODE_PATTERN } from '#shared/schemas/responder';
import { responderCode, responderCodeHash, responderUrl } from './responder-code';

const KEY = 'a-server-secret-for-this-test';
const DELIVERY = '0b9a3a1e-8d0f-4a8e-9c2b-2f1d7e6a5b4c';

describe('responder codes', () => {
  it('are the same for the same delivery and key, whenever they are derived', () => {
    expect(responderCode(KEY, DELIVERY)).toBe(responderCode(KEY, DELIVERY));
  });

  it('differ between deliveries and between keys', () => {
    const other = '1c8b4b2f-9e1a-4b9f-8d3c-3a2e8f7b6c5d';
    expect(responderCode(KEY, other)).not.toBe(responderCode(KEY, DELIVERY));
    expect(responderCode(`${KEY}!`, DELIVERY)).not.toBe(responderCode(KEY, DELIVERY));
  });

  it('are 26 lower-case base32 characters (130 bits), which the route accepts', () => {
    for (let i = 0; i < 50; i++) {
      const code = responderCode(KEY, `${DELIVERY}-${i}`);
      expect(code).toMatch(/^[a-z2-7]{26}$/);
      expect(code).toMatch(RESPONDER_CODE_PATTERN);
    }
  });

  it('are stored as a hash that does not contain them, the same in any letter case', () => {
    const code = responderCode(KEY, DELIVERY);
    expect(responderCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(responderCodeHash(code)).not.toContain(code);
    expect(responderCodeHash(code.toUpperCase())).toBe(responderCodeHash(code));
  });

  it('make a link under the public origin', () => {
    expect(responderUrl('https://beacon.example/', 'abc')).toBe('https://beacon.example/r/abc');
  });
});
