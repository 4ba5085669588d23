import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROTECTION_SETTINGS } from '#shared/protection';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/test-users';
import { findProtectionSettings, mergeProtectionSettings } from './repository';

/** What each database's driver hands back (a text array, a double), and merges that race. */
describe('protection settings rows', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const defaults = DEFAULT_PROTECTION_SETTINGS;

  it('reads back what it stored, as JavaScript values', async () => {
    const person = await createTestUser(sut);
    const now = sut.clock.now();
    await mergeProtectionSettings(sut.db, person.id, {
      patch: { keywords: ['help me', 'o’brien, "quoted"', '{braces}'], recognitionAccuracy: 0.7 },
      defaults,
      now,
    });
    expect(await findProtectionSettings(sut.db, person.id)).toEqual({
      enabled: false,
      shake_enabled: true,
      loud_sound_enabled: true,
      voice_enabled: true,
      motion_threshold: 8,
      keywords: ['help me', 'o’brien, "quoted"', '{braces}'],
      recognition_accuracy: 0.7,
      updated_at: now,
    });
  });

  it('keeps both of two changes of different settings made at once, with or without a row yet', async () => {
    for (const existing of [false, true]) {
      const person = await createTestUser(sut);
      const now = sut.clock.now();
      if (existing)
        await mergeProtectionSettings(sut.db, person.id, { patch: { enabled: false }, defaults, now });
      await Promise.all([
        mergeProtectionSettings(sut.db, person.id, { patch: { motionThreshold: 20 }, defaults, now }),
        mergeProtectionSettings(sut.db, person.id, { patch: { keywords: ['fire'] }, defaults, now }),
        mergeProtectionSettings(sut.db, person.id, { patch: { enabled: true }, defaults, now }),
      ]);
      expect(await findProtectionSettings(sut.db, person.id)).toMatchObject({
        enabled: true,
        motion_threshold: 20,
        keywords: ['fire'],
      });
    }
  });
});
