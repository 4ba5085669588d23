import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROTECTION_SETTINGS, PROTECTION } from '#shared/protection';
import { PROTECTION_VALIDATION } from '#shared/protection-texts';
import {
  ProtectionSettingsResponseSchema,
  type ProtectionSettingsResponse,
} from '#shared/schemas/protection';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { linkGuardian, openSocket } from '../guardians/guardian-test-helpers';

type InjectResult = Awaited<ReturnType<TestApp['app']['inject']>>;

describe('protection settings API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const get = (person: TestUser): Promise<InjectResult> =>
    sut.app.inject({ method: 'GET', url: '/api/protection-settings', headers: person.headers });
  const patch = (person: TestUser, payload: unknown): Promise<InjectResult> =>
    sut.app.inject({
      method: 'PATCH',
      url: '/api/protection-settings',
      headers: { ...person.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const settingsOf = (res: InjectResult): ProtectionSettingsResponse => {
    expect(res.statusCode, res.body).toBe(200);
    return ProtectionSettingsResponseSchema.parse(res.json());
  };
  const storedRows = async (person: TestUser): Promise<number> =>
    (await sut.db.query('SELECT 1 FROM protection_settings WHERE user_id = $1', [person.id])).rows.length;

  it('answers the defaults, never changed, until the person changes a setting (and stores nothing)', async () => {
    const person = await createTestUser(sut);
    expect(settingsOf(await get(person))).toEqual({ ...DEFAULT_PROTECTION_SETTINGS, updated_at: null });
    expect(DEFAULT_PROTECTION_SETTINGS).toMatchObject({
      enabled: false,
      motionThreshold: 8,
      recognitionAccuracy: 0.8,
      keywords: ['help me', 'emergency', 'call for help', 'danger', 'unsafe'],
    });
    expect(await storedRows(person)).toBe(0);
  });

  it('merges a change into what is stored, keeps the rest, and answers the whole settings', async () => {
    const person = await createTestUser(sut);
    const first = settingsOf(await patch(person, { enabled: true, motionThreshold: 12 }));
    expect(first).toEqual({
      ...DEFAULT_PROTECTION_SETTINGS,
      enabled: true,
      motionThreshold: 12,
      updated_at: sut.clock.now().toISOString(),
    });
    sut.clock.advance(60_000);
    const second = settingsOf(
      await patch(person, { keywords: ['  Help   ME ', 'Fire'], recognitionAccuracy: 0.30000000000000004 }),
    );
    expect(second).toEqual({
      ...DEFAULT_PROTECTION_SETTINGS,
      enabled: true,
      motionThreshold: 12,
      keywords: ['help me', 'fire'],
      recognitionAccuracy: 0.3,
      updated_at: sut.clock.now().toISOString(),
    });
    // Another device of the same person reads the same.
    const elsewhere = await signInAgain(sut, person);
    expect(settingsOf(await get(elsewhere))).toEqual(second);
    const cleared = settingsOf(await patch(person, { keywords: [], voiceEnabled: false }));
    expect(cleared).toMatchObject({ keywords: [], voiceEnabled: false, enabled: true, motionThreshold: 12 });
  });

  it('keeps each person’s settings apart', async () => {
    const [alice, bob] = [await createTestUser(sut), await createTestUser(sut)];
    settingsOf(await patch(alice, { enabled: true, keywords: ['alice only'] }));
    expect(settingsOf(await get(bob))).toEqual({ ...DEFAULT_PROTECTION_SETTINGS, updated_at: null });
    settingsOf(await patch(bob, { motionThreshold: 20 }));
    expect(settingsOf(await get(alice))).toMatchObject({ keywords: ['alice only'], motionThreshold: 8 });
  });

  describe('bad input: 400 naming the field, nothing stored', () => {
    const { motionThreshold, recognitionAccuracy } = PROTECTION;
    const tooMany = Array.from({ length: PROTECTION.maxKeywords + 1 }, (_, i) => `word ${i}`);
    it.each([
      [
        { motionThreshold: motionThreshold.min - 1 },
        'motionThreshold',
        PROTECTION_VALIDATION.motionThresholdRange,
      ],
      [
        { motionThreshold: motionThreshold.max + 1 },
        'motionThreshold',
        PROTECTION_VALIDATION.motionThresholdRange,
      ],
      [{ motionThreshold: 8.5 }, 'motionThreshold', PROTECTION_VALIDATION.motionThresholdRange],
      [{ motionThreshold: '10' }, 'motionThreshold', PROTECTION_VALIDATION.motionThresholdRange],
      [{ recognitionAccuracy: 0.25 }, 'recognitionAccuracy', PROTECTION_VALIDATION.accuracyRange],
      [{ recognitionAccuracy: 0.35 }, 'recognitionAccuracy', PROTECTION_VALIDATION.accuracyRange],
      [
        { recognitionAccuracy: recognitionAccuracy.max + 0.1 },
        'recognitionAccuracy',
        PROTECTION_VALIDATION.accuracyRange,
      ],
      [{ keywords: ['help', '   '] }, 'keywords.1', PROTECTION_VALIDATION.keywordEmpty],
      [
        { keywords: ['x'.repeat(PROTECTION.keywordMaxLength + 1)] },
        'keywords.0',
        PROTECTION_VALIDATION.keywordTooLong,
      ],
      [{ keywords: ['Help me', 'help me '] }, 'keywords', PROTECTION_VALIDATION.keywordsUnique],
      [{ keywords: tooMany }, 'keywords', PROTECTION_VALIDATION.tooManyKeywords],
      [{ keywords: 'help me' }, 'keywords', PROTECTION_VALIDATION.keywordsList],
      [{ enabled: 'yes' }, 'enabled', PROTECTION_VALIDATION.notBoolean('enabled')],
      [{ voiceEnabled: null }, 'voiceEnabled', PROTECTION_VALIDATION.notBoolean('voiceEnabled')],
    ])('%j → %s: %s', async (payload, field, message) => {
      const person = await createTestUser(sut);
      const res = await patch(person, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation_failed', field, message });
      expect(await storedRows(person)).toBe(0);
    });

    it('refuses an unknown setting (a typo must not look saved), naming it', async () => {
      const person = await createTestUser(sut);
      const res = await patch(person, { enabled: true, shakeEnabeld: false });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'body' });
      expect(res.json<{ message: string }>().message).toContain('shakeEnabeld');
      expect(await storedRows(person)).toBe(0);
    });

    it('refuses a change of nothing', async () => {
      const person = await createTestUser(sut);
      const res = await patch(person, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'body' });
      expect(res.json<{ message: string }>().message).toContain(PROTECTION_VALIDATION.patchEmpty);
      expect(await storedRows(person)).toBe(0);
    });

    it('leaves stored settings as they were when a change is refused', async () => {
      const person = await createTestUser(sut);
      const stored = settingsOf(await patch(person, { enabled: true, keywords: ['fire'] }));
      const res = await patch(person, { enabled: false, keywords: ['fire', 'Fire'] });
      expect(res.statusCode).toBe(400);
      expect(settingsOf(await get(person))).toEqual(stored);
    });
  });

  it('needs a session', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await sut.app.inject({
        method,
        url: '/api/protection-settings',
        ...(method === 'PATCH' ? { payload: { enabled: true } } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'not_authenticated' });
    }
  });

  it('tells the person’s other devices at once, and nobody else (not even an active guardian)', async () => {
    const person = await createTestUser(sut, 'Phoebe Protected');
    const guardian = await createTestUser(sut, 'Gideon Guardian');
    const stranger = await createTestUser(sut, 'Stella Stranger');
    await linkGuardian(sut, guardian, person, 'active');
    const otherDevice = await openSocket(sut.app, { user: await signInAgain(sut, person) });
    const guardianSocket = await openSocket(sut.app, { user: guardian });
    const strangerSocket = await openSocket(sut.app, { user: stranger });
    try {
      const answer = settingsOf(await patch(person, { enabled: true, keywords: ['red balloon'] }));
      const event = await otherDevice.waitFor((message) => message.type === 'protection.updated');
      expect(event).toMatchObject({ type: 'protection.updated', user_id: person.id, payload: answer });
      // The event reached every socket it was for in one step; a round trip after it proves what did not arrive.
      await guardianSocket.roundTrip();
      await strangerSocket.roundTrip();
      for (const socket of [guardianSocket, strangerSocket]) {
        expect(socket.events().filter((e) => e.type === 'protection.updated')).toEqual([]);
        expect(JSON.stringify(socket.messages)).not.toContain('red balloon');
      }
    } finally {
      for (const socket of [otherDevice, guardianSocket, strangerSocket]) socket.close();
    }
  });
});
