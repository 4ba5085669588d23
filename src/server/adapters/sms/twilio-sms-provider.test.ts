import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeReply, type FakeTwilio } from './fake-twilio-server';
import { classify, twilioSmsProvider } from './twilio-sms-provider';

let fake: FakeTwilio | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function providerAnswering(reply: FakeReply, from = '+15005550006') {
  fake = await startFakeTwilio(() => reply);
  return twilioSmsProvider({
    accountSid: 'AC123',
    authToken: 'secret',
    from,
    baseUrl: fake.url,
    timeoutMs: 300,
  });
}

const message = { to: '+15551234567', body: 'Help', idempotencyKey: 'delivery-1' };

describe('Twilio SMS provider', () => {
  it('posts the form with basic auth and the idempotency token, and reads the sid', async () => {
    const sut = await providerAnswering({ status: 201, json: { sid: 'SM1' } });
    expect(await sut.send(message)).toEqual({ outcome: 'sent', providerMessageId: 'SM1' });
    expect(fake!.requests[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      to: '+15551234567',
      from: '+15005550006',
      body: 'Help',
      token: 'delivery-1',
      authorization: `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
    });
  });

  it('sends a Messaging Service SID as MessagingServiceSid', async () => {
    const sut = await providerAnswering({ status: 201, json: { sid: 'SM1' } }, 'MG0123');
    await sut.send(message);
    expect(fake!.requests[0]?.from).toBe('MG0123');
  });

  it('retries a rate limit, honouring Retry-After', async () => {
    const sut = await providerAnswering({
      status: 429,
      json: { code: 20429, message: 'Too Many Requests' },
      headers: { 'retry-after': '30' },
    });
    expect(await sut.send(message)).toEqual({
      outcome: 'retry',
      error: 'The SMS provider is busy (20429: Too Many Requests)',
      retryAfterMs: 30_000,
    });
  });

  it('retries a server error', async () => {
    const sut = await providerAnswering({ status: 503 });
    expect(await sut.send(message)).toMatchObject({ outcome: 'retry' });
  });

  it('retries when the provider does not answer in time', async () => {
    const sut = await providerAnswering('hang');
    expect(await sut.send(message)).toEqual({
      outcome: 'retry',
      error: 'The SMS provider did not answer in time',
    });
  });

  it('retries when the provider cannot be reached', async () => {
    const sut = twilioSmsProvider({
      accountSid: 'AC1',
      authToken: 't',
      from: '+15005550006',
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 1000,
    });
    expect(await sut.send(message)).toEqual({ outcome: 'retry', error: 'Could not reach the SMS provider' });
  });

  it('fails permanently on a refused message (invalid number)', async () => {
    const sut = await providerAnswering({
      status: 400,
      json: { code: 21211, message: "The 'To' number +1555 is not a valid phone number." },
    });
    expect(await sut.send(message)).toEqual({
      outcome: 'failed',
      error:
        "The SMS provider refused the message (21211: The 'To' number +1555 is not a valid phone number.)",
    });
  });

  it('retries bad credentials rather than dropping the text', () => {
    expect(classify(401, '{"code":20003,"message":"Authenticate"}', null)).toMatchObject({
      outcome: 'retry',
    });
  });

  it('copes with an answer that is not JSON', () => {
    expect(classify(502, '<html>Bad gateway</html>', null)).toEqual({
      outcome: 'retry',
      error: 'The SMS provider had a problem (502: HTTP 502)',
    });
    expect(classify(200, 'ok', null)).toEqual({ outcome: 'sent', providerMessageId: null });
  });
});
