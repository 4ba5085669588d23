import { z } from 'zod';
import {
  contactNameRule,
  emailRule,
  fullNameRule,
  optionalPhoneRule,
  phoneRule,
  relationshipRule,
  timeZoneRule,
} from './field-rules';
import { MAX_EMERGENCY_CONTACTS } from '../constants';
import { IdSchema, TimestampSchema } from './common';
import { ERRORS, VALIDATION } from '../texts';
import { LAST_CHANCE, LAST_CHANCE_VALIDATION } from '../last-chance';

/** An emergency contact, also listed inside the profile (docs/PRODUCT.md#emergency-contacts). */
export const EmergencyContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  relationship: z.string(),
});
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

/** What a client may send to create or replace a contact. */
export const EmergencyContactInputSchema = z
  .object({
    name: contactNameRule,
    phone: phoneRule,
    relationship: relationshipRule.optional().default('Emergency Contact'),
  })
  .meta({ example: { name: 'Mary Somerville', phone: '+447400123456', relationship: 'Friend' } });
export type EmergencyContactInput = z.input<typeof EmergencyContactInputSchema>;

/**
 * A partial edit of one contact. Built from the rules, not from `EmergencyContactInputSchema.partial()`: in zod 4
 * the input's default would still apply, so `{name}` would silently reset the relationship and `{}` would pass.
 */
export const EmergencyContactPatchSchema = z
  .object({ name: contactNameRule, phone: phoneRule, relationship: relationshipRule })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), VALIDATION.contactPatchEmpty)
  .meta({ example: { relationship: 'Family' } });
export type EmergencyContactPatch = z.input<typeof EmergencyContactPatchSchema>;

/**
 * Personal preferences kept on the server so they follow the person between devices; each is read where it acts
 * (docs/PRODUCT.md#settings). Keys this schema does not know (the notification switches that acted on nothing) are
 * dropped from a request and never answered.
 */
export const ProfileSettingsSchema = z.object({
  shareLocation: z.boolean(),
  emergencyContacts: z.boolean(),
});
export type ProfileSettings = z.infer<typeof ProfileSettingsSchema>;

export const DEFAULT_PROFILE_SETTINGS: ProfileSettings = {
  shareLocation: true,
  emergencyContacts: true,
};

export const ProfileSchema = z.object({
  id: IdSchema,
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  emergency_contacts: z.array(EmergencyContactSchema),
  location_sharing_enabled: z.boolean(),
  sound_enabled: z.boolean(),
  settings: ProfileSettingsSchema,
  /** The IANA time zone the person's browser reported last; null until one has. */
  time_zone: z.string().nullable(),
  /** Minutes after a journey's deadline the person is asked "Are you safe?" before contacts are texted. */
  last_chance_minutes: z.int(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The last chance after a journey's deadline, in whole minutes (shared/last-chance.ts). */
export const lastChanceMinutesRule = z
  .number({ error: LAST_CHANCE_VALIDATION.range })
  .int(LAST_CHANCE_VALIDATION.range)
  .min(LAST_CHANCE.minMinutes, LAST_CHANCE_VALIDATION.range)
  .max(LAST_CHANCE.maxMinutes, LAST_CHANCE_VALIDATION.range);

/** Profile record rules (docs/PRODUCT.md#profile-fields): a partial update, every field optional. */
export const ProfileUpdateSchema = z
  .object({
    full_name: fullNameRule,
    email: emailRule,
    phone: optionalPhoneRule,
    location_sharing_enabled: z.boolean(),
    sound_enabled: z.boolean(),
    settings: ProfileSettingsSchema.partial(),
    emergency_contacts: z
      .array(EmergencyContactInputSchema.extend({ id: z.string().trim().min(1).max(64).optional() }))
      .max(MAX_EMERGENCY_CONTACTS, ERRORS.tooManyContacts),
    time_zone: timeZoneRule,
    last_chance_minutes: lastChanceMinutesRule,
  })
  .partial()
  .strict()
  .meta({ example: { full_name: 'Ada Lovelace', sound_enabled: false } });
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** The settings-dialog profile form (docs/PRODUCT.md#profile-fields): looser than the record. */
export const ProfileFormSchema = z.object({
  fullName: z.string().trim().min(2, VALIDATION.fullNameRequired),
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, VALIDATION.invalidEmail),
  phone: z.string().trim(),
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;
