import type { z } from 'zod';
import { DEFAULT_PROTECTION_SETTINGS } from '#shared/protection';
import type { ProtectionSettingsPatchSchema, ProtectionSettingsResponse } from '#shared/schemas/protection';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../http/access';
import type { RealtimePublisher } from '../../realtime/publisher';
import { findProtectionSettings, mergeProtectionSettings, type ProtectionSettingsRow } from './repository';

export type ProtectionSettingsChange = z.output<typeof ProtectionSettingsPatchSchema>;

export type ProtectionService = {
  /** The caller's settings: the defaults, with `updated_at` null, until they change one. */
  get(auth: AuthContext): Promise<ProtectionSettingsResponse>;
  /** Changes the settings named, keeps the others, and tells the caller's other devices. */
  update(auth: AuthContext, change: ProtectionSettingsChange): Promise<ProtectionSettingsResponse>;
};

/**
 * A person's AI Protection settings, kept on the server so every device they sign in on applies the same ones
 * (docs/decisions/034-protection-settings-and-alert-meetings.md). Only the person reaches them: there is no id in
 * these routes, and the policy is asked for the caller's own rows.
 */
export function createProtectionService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
}): ProtectionService {
  const { db, clock, access, publisher } = deps;
  return {
    async get(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const row = await findProtectionSettings(db, ownerId);
      return row ? toResponse(row) : defaultResponse();
    },

    async update(auth, change) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const row = await mergeProtectionSettings(db, ownerId, {
        patch: change,
        defaults: DEFAULT_PROTECTION_SETTINGS,
        now: clock.now(),
      });
      const settings = toResponse(row);
      // The person's other devices apply it at once; their guardians are not told (it is the person's own).
      void publisher.publish({
        type: 'protection.updated',
        userId: ownerId,
        audience: 'subject',
        payload: settings,
      });
      return settings;
    },
  };
}

function defaultResponse(): ProtectionSettingsResponse {
  return {
    ...DEFAULT_PROTECTION_SETTINGS,
    keywords: [...DEFAULT_PROTECTION_SETTINGS.keywords],
    updated_at: null,
  };
}

function toResponse(row: ProtectionSettingsRow): ProtectionSettingsResponse {
  return {
    enabled: row.enabled,
    shakeEnabled: row.shake_enabled,
    loudSoundEnabled: row.loud_sound_enabled,
    voiceEnabled: row.voice_enabled,
    motionThreshold: row.motion_threshold,
    keywords: [...row.keywords],
    recognitionAccuracy: row.recognition_accuracy,
    updated_at: row.updated_at.toISOString(),
  };
}
