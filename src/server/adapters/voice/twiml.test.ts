import { describe, expect, it } from 'vitest';
import { callTwiml, escapeXml, hangUpTwiml, MAX_TWIML_LENGTH, promptAgainTwiml, sayTwiml } from './twiml';

const GATHER = 'https://beacon.example/api/voice/calls/d1/gather';

describe('the TwiML of an escalation call', () => {
  it('says the words and asks for 1 inside a one-key gather that posts to the gather URL', () => {
    expect(callTwiml({ words: 'Emergency alert from Ana Lima.', gatherUrl: GATHER })).toBe(
      '<Response><Gather numDigits="1" action="https://beacon.example/api/voice/calls/d1/gather" method="POST" timeout="10">' +
        '<Say>Emergency alert from Ana Lima. Press 1 if you can help.</Say></Gather>' +
        '<Say>No key was pressed. Please try to reach them now. Goodbye.</Say></Response>',
    );
  });

  it('escapes names with markup characters, so they are spoken and add no element', () => {
    const twiml = callTwiml({ words: `Alert from Tom & "Jerry" <Hangup/> O'Neil.`, gatherUrl: GATHER });
    expect(twiml).toContain(
      '<Say>Alert from Tom &amp; &quot;Jerry&quot; &lt;Hangup/&gt; O&apos;Neil. Press 1 if you can help.</Say>',
    );
    expect(twiml).not.toContain('<Hangup/>');
    expect(twiml.match(/</g)).toHaveLength(8); // Response, Gather, Say, /Say, /Gather, Say, /Say, /Response
  });

  it('escapes the gather URL and drops characters XML cannot hold', () => {
    expect(callTwiml({ words: 'a\u0000b\u0007c\ud800', gatherUrl: `${GATHER}?a=1&b=2` })).toBe(
      '<Response><Gather numDigits="1" action="https://beacon.example/api/voice/calls/d1/gather?a=1&amp;b=2" method="POST" timeout="10">' +
        '<Say>abc\ufffd Press 1 if you can help.</Say></Gather>' +
        '<Say>No key was pressed. Please try to reach them now. Goodbye.</Say></Response>',
    );
  });

  it('cuts words too long for the provider at the end, counting the escaped length', () => {
    const twiml = callTwiml({ words: `Start ${'&'.repeat(5000)}`, gatherUrl: GATHER });
    expect(twiml.length).toBeLessThanOrEqual(MAX_TWIML_LENGTH);
    expect(twiml.length).toBeGreaterThan(MAX_TWIML_LENGTH - 10);
    expect(twiml).toContain('<Say>Start &amp;&amp;');
    expect(twiml).toContain('&amp; Press 1 if you can help.</Say></Gather>');
  });

  it('answers a wrong key with the prompt again, and ends with a said text or a hang-up', () => {
    expect(promptAgainTwiml(GATHER)).toBe(
      `<Response><Gather numDigits="1" action="${GATHER}" method="POST" timeout="10">` +
        '<Say>To say you can help, press 1.</Say></Gather>' +
        '<Say>No key was pressed. Please try to reach them now. Goodbye.</Say></Response>',
    );
    expect(sayTwiml('Thanks & bye')).toBe('<Response><Say>Thanks &amp; bye</Say></Response>');
    expect(hangUpTwiml()).toBe('<Response><Hangup/></Response>');
    expect(escapeXml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&apos;');
  });
});
