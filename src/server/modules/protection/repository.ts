import type { ProtectionSettings } from '#shared/protection';
import { one, type Queryable } from '../../db/database';

/** A person's stored settings (a row exists once they changed one). */
export type ProtectionSettingsRow = {
  enabled: boolean;
  shake_enabled: boolean;
  loud_sound_enabled: boolean;
  voice_enabled: boolean;
  motion_threshold: number;
  keywords: string[];
  recognition_accuracy: number;
  updated_at: Date;
};

const COLUMNS =
  'enabled, shake_enabled, loud_sound_enabled, voice_enabled, motion_threshold, keywords, recognition_accuracy, updated_at';

export function findProtectionSettings(
  db: Queryable,
  userId: string,
): Promise<ProtectionSettingsRow | undefined> {
  return one<ProtectionSettingsRow>(db, `SELECT ${COLUMNS} FROM protection_settings WHERE user_id = $1`, [
    userId,
  ]);
}

/**
 * Stores the settings `change` names over what the person has: over their row when there is one, else over
 * `defaults`. One statement, so two changes of different settings at once both stay, whichever writes first.
 */
export async function mergeProtectionSettings(
  db: Queryable,
  userId: string,
  change: { patch: Partial<ProtectionSettings>; defaults: ProtectionSettings; now: Date },
): Promise<ProtectionSettingsRow> {
  const { patch, defaults, now } = change;
  const first = { ...defaults, ...definedOnly(patch) };
  const row = await one<ProtectionSettingsRow>(
    db,
    `INSERT INTO protection_settings AS s (user_id, enabled, shake_enabled, loud_sound_enabled, voice_enabled,
                                           motion_threshold, keywords, recognition_accuracy, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $16)
     ON CONFLICT (user_id) DO UPDATE SET
       enabled = COALESCE($9::boolean, s.enabled),
       shake_enabled = COALESCE($10::boolean, s.shake_enabled),
       loud_sound_enabled = COALESCE($11::boolean, s.loud_sound_enabled),
       voice_enabled = COALESCE($12::boolean, s.voice_enabled),
       motion_threshold = COALESCE($13::integer, s.motion_threshold),
       keywords = COALESCE($14::text[], s.keywords),
       recognition_accuracy = COALESCE($15::double precision, s.recognition_accuracy),
       updated_at = $16
     RETURNING ${COLUMNS}`,
    [
      userId,
      first.enabled,
      first.shakeEnabled,
      first.loudSoundEnabled,
      first.voiceEnabled,
      first.motionThreshold,
      first.keywords,
      first.recognitionAccuracy,
      patch.enabled ?? null,
      patch.shakeEnabled ?? null,
      patch.loudSoundEnabled ?? null,
      patch.voiceEnabled ?? null,
      patch.motionThreshold ?? null,
      patch.keywords ?? null,
      patch.recognitionAccuracy ?? null,
      now,
    ],
  );
  if (!row) throw new Error('an upsert returned no row');
  return row;
}

function definedOnly(patch: Partial<ProtectionSettings>): Partial<ProtectionSettings> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<ProtectionSettings>;
}
