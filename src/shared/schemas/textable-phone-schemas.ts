/**
 * The server's request schemas for contacts and the profile: the same rules as schemas/profile.ts, with phone
 * numbers checked by libphonenumber (real, not premium-rate or shared-cost). Server only: importing this from the
 * client's first download would add the library's 'max' metadata to it (docs/decisions/014-sms-abuse-caps.md).
 */
import { optionalTextablePhoneRule, textablePhoneRule } from '../phone-number-check';
import { phoneCarryingSchemas } from './profile';

const checked = phoneCarryingSchemas({ required: textablePhoneRule, optional: optionalTextablePhoneRule });

export const TextableContactInputSchema = checked.contactInput;
export const TextableContactPatchSchema = checked.contactPatch;
export const TextableProfileUpdateSchema = checked.profileUpdate;
