/**
 * GET and PATCH /api/protection-settings: the person's danger-detection settings, kept on the server so every
 * device they sign in on applies them (docs/PRODUCT.md#ai-protection).
 */
import { z } from 'zod';
import { PROTECTION, type ProtectionSettings } from '../protection';
import { normaliseKeyword } from '../detection/keywords';
import { PROTECTION_VALIDATION } from '../protection-texts';

const { motionThreshold, recognitionAccuracy } = PROTECTION;

/** A keyword: trimmed, lower-cased, non-empty, at most 50 characters. */
export const keywordRule = z
  .string({ error: PROTECTION_VALIDATION.keywordEmpty })
  .transform(normaliseKeyword)
  .pipe(
    z
      .string()
      .min(1, PROTECTION_VALIDATION.keywordEmpty)
      .max(PROTECTION.keywordMaxLength, PROTECTION_VALIDATION.keywordTooLong),
  );

export const ProtectionSettingsSchema = z.object({
  enabled: z.boolean({ error: PROTECTION_VALIDATION.notBoolean('enabled') }),
  shakeEnabled: z.boolean({ error: PROTECTION_VALIDATION.notBoolean('shakeEnabled') }),
  loudSoundEnabled: z.boolean({ error: PROTECTION_VALIDATION.notBoolean('loudSoundEnabled') }),
  voiceEnabled: z.boolean({ error: PROTECTION_VALIDATION.notBoolean('voiceEnabled') }),
  motionThreshold: z
    .number({ error: PROTECTION_VALIDATION.motionThresholdRange })
    .int(PROTECTION_VALIDATION.motionThresholdRange)
    .min(motionThreshold.min, PROTECTION_VALIDATION.motionThresholdRange)
    .max(motionThreshold.max, PROTECTION_VALIDATION.motionThresholdRange),
  keywords: z
    .array(keywordRule, { error: PROTECTION_VALIDATION.keywordsList })
    .max(PROTECTION.maxKeywords, PROTECTION_VALIDATION.tooManyKeywords)
    .refine((keywords) => new Set(keywords).size === keywords.length, PROTECTION_VALIDATION.keywordsUnique),
  recognitionAccuracy: z
    .number({ error: PROTECTION_VALIDATION.accuracyRange })
    .min(recognitionAccuracy.min, PROTECTION_VALIDATION.accuracyRange)
    .max(recognitionAccuracy.max, PROTECTION_VALIDATION.accuracyRange)
    // Steps of 0.1, compared in tenths so 0.30000000000000004 counts as 0.3.
    .refine(
      (value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6,
      PROTECTION_VALIDATION.accuracyRange,
    )
    .transform((value) => Math.round(value * 10) / 10),
}) satisfies z.ZodType<ProtectionSettings, unknown>;

/** PATCH: any of the settings; at least one. Unknown keys are refused (a typo must not look saved). */
export const ProtectionSettingsPatchSchema = ProtectionSettingsSchema.partial()
  .strict()
  .refine(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    PROTECTION_VALIDATION.patchEmpty,
  )
  .meta({ example: { enabled: true, motionThreshold: 10 } });
export type ProtectionSettingsPatch = z.input<typeof ProtectionSettingsPatchSchema>;

/**
 * The answer of both routes and the payload of the `protection.updated` event: the settings as stored (the defaults
 * until the person changes one), `updated_at` null until then. Plain fields without transforms: an answer is
 * encoded by its schema, and what is stored was normalised by the request's schema already.
 */
export const ProtectionSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  shakeEnabled: z.boolean(),
  loudSoundEnabled: z.boolean(),
  voiceEnabled: z.boolean(),
  motionThreshold: z.int(),
  keywords: z.array(z.string()),
  recognitionAccuracy: z.number(),
  updated_at: z.iso.datetime().nullable(),
}) satisfies z.ZodType<ProtectionSettings & { updated_at: string | null }>;
export type ProtectionSettingsResponse = z.infer<typeof ProtectionSettingsResponseSchema>;
