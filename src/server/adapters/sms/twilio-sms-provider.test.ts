import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeReply, type FakeTwilio } from './fake-twilio-server';
import { smsReference } from './sms-reference';
import {
  classify,
  LOOKUP_CLOCK_MARGIN_MS,
  reportOf,
  twilioSmsProvider,
  type ProviderReport,
} from './twilio-sms-provider';

let fake: FakeTwilio | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const warnings: unknown[] = [];
const reports: ProviderReport[] = [];
afterEach(() => {
  warnings.length = 0;
  reports.length = 0;
});

async function providerAnswering(reply: FakeReply, from = '+15005550006', listReply?: () => FakeReply) {
  fake = await startFakeTwilio(() => reply, { listReply });
  return twilioSmsProvider({
    accountSid: 'AC123',
    authToken: 'secret',
    from,
    baseUrl: fake.url,
    // Long enough for a loaded machine to answer from 127.0.0.1; the hang tests wait this long.
    timeoutMs: 1500,
    log: { warn: (object) => warnings.push(object) },
    onOutcome: (report) => void reports.push(report),
  });
}

const message = { to: '+15551234567', body: 'Help', idempotencyKey: 'delivery-1' };

describe('Twilio SMS provider', () => {
  it('posts the form with basic auth and the reference of the delivery, and reads the sid', async () => {
    const sut = await providerAnswering({ status: 201, json: { sid: 'SM1' } });
    expect(await sut.send(message)).toEqual({ outcome: 'sent', providerMessageId: 'SM1' });
    expect(fake!.requests[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      to: '+15551234567',
      from: '+15005550006',
      body: `Help\nRef ${smsReference('delivery-1')}`,
      authorization: `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
    });
    expect(reports).toEqual([{ outcome: 'ok', httpStatus: 201 }]);
    expect(warnings).toEqual([]);
  });

  it('finds an earlier send of the delivery in the message list by its reference', async () => {
    const sut = await providerAnswering('hang');
    const since = new Date();
    expect(await sut.send(message)).toMatchObject({ outcome: 'retry' }); // taken, answer lost
    expect(await sut.findEarlierSend!(message, since)).toEqual({
      outcome: 'found',
      providerMessageId: expect.stringMatching(/^SM/),
    });
    expect(fake!.lookups.map((query) => query.get('To'))).toEqual(['+15551234567']);
    // Another delivery to the same number, or the same one before the window, is not it.
    expect(await sut.findEarlierSend!({ ...message, idempotencyKey: 'delivery-2' }, since)).toEqual({
      outcome: 'not_found',
    });
    const later = new Date(Date.now() + LOOKUP_CLOCK_MARGIN_MS + 60_000);
    expect(await sut.findEarlierSend!(message, later)).toEqual({ outcome: 'not_found' });
  });

  it('says unknown when the message list cannot be read', async () => {
    const sut = await providerAnswering({ status: 201, json: { sid: 'SM1' } }, '+15005550006', () => ({
      status: 500,
      json: { code: 20500, message: 'Internal Server Error' },
    }));
    expect(await sut.findEarlierSend!(message, new Date())).toEqual({
      outcome: 'unknown',
      error: "The SMS provider's message list failed (20500: Internal Server Error)",
    });
  });

  it.each<[string, FakeReply, ProviderReport]>([
    [
      '401',
      { status: 401, json: { code: 20003, message: 'Authenticate' } },
      { outcome: 'rejecting_credentials', httpStatus: 401, code: '20003' },
    ],
    [
      '500',
      { status: 500, json: { code: 20500, message: 'Internal' } },
      { outcome: 'failing', httpStatus: 500, code: '20500' },
    ],
    [
      '400',
      { status: 400, json: { code: 21606, message: 'From is not SMS-capable' } },
      { outcome: 'refusing_messages', httpStatus: 400, code: '21606' },
    ],
    ['a time-out', 'hang', { outcome: 'failing' }],
  ])(
    'reports %s to health and logs a warning with the code, without the number or the text',
    async (_name, reply, report) => {
      const sut = await providerAnswering(reply);
      await sut.send(message);
      expect(reports).toEqual([report]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ provider: 'twilio', ...report });
      const logged = JSON.stringify(warnings);
      expect(logged).not.toContain('5551234567');
      expect(logged).not.toContain('Help');
    },
  );

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

  it('reports what an answer says about the provider', () => {
    expect(reportOf(403, '{"code":20003}')).toEqual({
      outcome: 'rejecting_credentials',
      httpStatus: 403,
      code: '20003',
    });
    expect(reportOf(429, '')).toEqual({ outcome: 'failing', httpStatus: 429 });
  });

  it('copes with an answer that is not JSON', () => {
    expect(classify(502, '<html>Bad gateway</html>', null)).toEqual({
      outcome: 'retry',
      error: 'The SMS provider had a problem (502: HTTP 502)',
    });
    expect(classify(200, 'ok', null)).toEqual({ outcome: 'sent', providerMessageId: null });
  });
});
