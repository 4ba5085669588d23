import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid, twilioSignature } from './twilio-signature';

// The worked example of Twilio's request-validation documentation (auth token 12345).
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
};
const DOCUMENTED = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('Twilio request signature', () => {
  it("reproduces Twilio's documented example, whatever order the parameters came in", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(DOCUMENTED);
    const shuffled = { To: PARAMS.To, Digits: PARAMS.Digits, CallSid: PARAMS.CallSid, From: PARAMS.From };
    expect(twilioSignature(TOKEN, URL, { ...shuffled, Caller: PARAMS.Caller })).toBe(DOCUMENTED);
  });

  it("reproduces Twilio's example of a name given more than once (its distinct values, sorted)", () => {
    const repeated = { Sid: 'CA123', SidAccount: 'AC123', Digits: ['5678', '1234', '1234'] };
    expect(twilioSignature(TOKEN, URL, repeated)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });

  it('accepts the right signature and refuses a missing, forged or altered one', () => {
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, DOCUMENTED)).toBe(true);
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, '')).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, 'RSOYDt4T1cUTdK1PDd93/VVr8B8')).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, URL, PARAMS, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=')).toBe(false);
    expect(isTwilioSignatureValid('other-token', URL, PARAMS, DOCUMENTED)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, `${URL}&baz=3`, PARAMS, DOCUMENTED)).toBe(false);
    expect(
      isTwilioSignatureValid(TOKEN, 'https://evil.example/myapp.php?foo=1&bar=2', PARAMS, DOCUMENTED),
    ).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, URL, { ...PARAMS, Digits: '1' }, DOCUMENTED)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, URL, { ...PARAMS, AnsweredBy: 'human' }, DOCUMENTED)).toBe(false);
  });
});
