/**
 * The server's request schemas for contacts and the profile: the shared ones (schemas/profile.ts, which the
 * client's forms use too), plus a check of every phone number by libphonenumber (real, not premium-rate or
 * shared-cost), reported at the number's own path. Server only: importing this from the client's first download
 * would add the library's 'max' metadata to it (docs/decisions/014-sms-abuse-caps.md).
 */
import { checkTextable } from '../phone-number-check';
import { EmergencyContactInputSchema, EmergencyContactPatchSchema, ProfileUpdateSchema } from './profile';

export const TextableContactInputSchema = EmergencyContactInputSchema.superRefine((contact, ctx) =>
  checkTextable(contact.phone, ['phone'], ctx),
).meta(EmergencyContactInputSchema.meta() ?? {});

export const TextableContactPatchSchema = EmergencyContactPatchSchema.superRefine((patch, ctx) =>
  checkTextable(patch.phone, ['phone'], ctx),
).meta(EmergencyContactPatchSchema.meta() ?? {});

export const TextableProfileUpdateSchema = ProfileUpdateSchema.superRefine((update, ctx) => {
  checkTextable(update.phone, ['phone'], ctx);
  update.emergency_contacts?.forEach((contact, index) =>
    checkTextable(contact.phone, ['emergency_contacts', index, 'phone'], ctx),
  );
}).meta(ProfileUpdateSchema.meta() ?? {});
