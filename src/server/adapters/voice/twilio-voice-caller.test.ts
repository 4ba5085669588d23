import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeReply, type FakeTwilio } from '../sms/fake-twilio-server';
import { callTwiml } from './twiml';
import { twilioVoiceCaller } from './twilio-voice-caller';

let fake: FakeTwilio | undefined;
const warnings: unknown[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  warnings.length = 0;
});

async function callerAnswering(reply?: FakeReply) {
  fake = await startFakeTwilio(undefined, reply ? { callReply: () => reply } : {});
  return twilioVoiceCaller({
    accountSid: 'AC123',
    authToken: 'secret',
    from: '+15005550006',
    baseUrl: fake.url,
    // Long enough for a loaded machine to answer from 127.0.0.1; the hang test waits this long.
    timeoutMs: 1500,
    origin: 'https://beacon.example',
    log: { warn: (object) => warnings.push(object) },
  });
}

const message = { to: '+15551234567', body: 'Emergency alert from Ana.', idempotencyKey: 'delivery-1' };

describe('Twilio voice caller', () => {
  it('posts the call with basic auth, inline TwiML, machine detection and the callbacks, and reads the sid', async () => {
    const sut = await callerAnswering();
    const result = await sut.send(message);
    const call = fake!.calls[0]!;
    expect(result).toEqual({ outcome: 'sent', providerMessageId: call.sid });
    expect(call).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Calls.json',
      to: '+15551234567',
      from: '+15005550006',
      twiml: callTwiml({
        words: 'Emergency alert from Ana.',
        gatherUrl: 'https://beacon.example/api/voice/calls/delivery-1/gather',
      }),
      url: null,
      machineDetection: 'Enable',
      statusCallback: 'https://beacon.example/api/voice/calls/delivery-1/status',
      statusCallbackMethod: 'POST',
      statusCallbackEvent: 'completed',
      authorization: `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
    });
    expect(call.twiml).toContain('<Say>Emergency alert from Ana. Press 1 if you can help.</Say>');
    expect(warnings).toEqual([]);
  });

  it('has no earlier-send lookup: a call carries no reference to find it by', async () => {
    const sut = await callerAnswering();
    expect(sut.findEarlierSend).toBeUndefined();
  });

  it('retries a rate limit with Retry-After, and a server error', async () => {
    const busy = await callerAnswering({
      status: 429,
      json: { code: 20429, message: 'Too Many Requests' },
      headers: { 'retry-after': '30' },
    });
    expect(await busy.send(message)).toEqual({
      outcome: 'retry',
      error: 'The voice provider is busy (20429: Too Many Requests)',
      retryAfterMs: 30_000,
    });
    await fake!.close();
    const failing = await callerAnswering({ status: 500, json: { code: 20500, message: 'Internal' } });
    expect(await failing.send(message)).toEqual({
      outcome: 'retry',
      error: 'The voice provider had a problem (20500: Internal)',
    });
  });

  it('retries when the provider does not answer in time or cannot be reached', async () => {
    const hanging = await callerAnswering('hang');
    expect(await hanging.send(message)).toEqual({
      outcome: 'retry',
      error: 'The voice provider did not answer in time',
    });
    const unreachable = twilioVoiceCaller({
      accountSid: 'AC1',
      authToken: 't',
      from: '+15005550006',
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 1000,
      origin: 'https://beacon.example',
    });
    expect(await unreachable.send(message)).toEqual({
      outcome: 'retry',
      error: 'Could not reach the voice provider',
    });
  });

  it('fails permanently on a refused call, and logs the code without the number or the words', async () => {
    const sut = await callerAnswering({
      status: 400,
      json: { code: 21215, message: 'Geo permission not enabled for this number' },
    });
    expect(await sut.send(message)).toEqual({
      outcome: 'failed',
      error: 'The voice provider refused the call (21215: Geo permission not enabled for this number)',
    });
    expect(warnings).toEqual([
      expect.objectContaining({ provider: 'twilio', channel: 'voice', httpStatus: 400, code: '21215' }),
    ]);
    expect(JSON.stringify(warnings)).not.toContain('5551234567');
    expect(JSON.stringify(warnings)).not.toContain('Ana');
  });
});
