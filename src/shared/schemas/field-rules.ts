/** The field rules (docs/PRODUCT.md#validation-rules), written once and composed by every schema. */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { normaliseTypedPhoneNumber } from '../phone';
import { PHONE_TEXTS, TIME_ZONE_TEXTS } from '../contact-texts';
import { VALIDATION } from '../texts';

const UNSAFE_CHARACTERS = /[<>"'&]/;
const SCRIPT_CONTENT = /<\s*\/?\s*script\b|(?:javascript|data|vbscript)\s*:/i;
const E164 = /^\+?[1-9]\d{1,14}$/;
/** A deliberately plain e-mail shape: one @, no spaces, a dot in the domain. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const hasScriptContent = (text: string): boolean => SCRIPT_CONTENT.test(text);

export const emailRule = z
  .string({ error: VALIDATION.invalidEmail })
  .trim()
  .max(LIMITS.email.max, VALIDATION.emailTooLong)
  .regex(EMAIL_SHAPE, VALIDATION.invalidEmail)
  .transform((email) => email.toLowerCase());

export const fullNameRule = z
  .string({ error: VALIDATION.fullNameRequired })
  .trim()
  .min(LIMITS.fullName.min, VALIDATION.fullNameRequired)
  .max(LIMITS.fullName.max, VALIDATION.fullNameTooLong)
  .refine((name) => !UNSAFE_CHARACTERS.test(name), VALIDATION.fullNameInvalid);

/**
 * A phone number as typed ("(704) 555-0100", "+1 704 555 0100"), stored in E.164 with its `+`: normalised first
 * (phone.ts), then the E.164 rule applies to the result. A number without a country code that is not a US or
 * Canadian number is refused, asking for the code.
 */
export const phoneRule = z
  .string({ error: VALIDATION.phoneFormat })
  .transform(normaliseTypedPhoneNumber)
  .pipe(
    z
      .string()
      .min(LIMITS.phone.min, VALIDATION.phoneTooShort)
      .max(LIMITS.phone.max, VALIDATION.phoneTooLong)
      .refine((phone) => !/^\d+$/.test(phone), PHONE_TEXTS.needsCountryCode)
      .regex(E164, VALIDATION.phoneFormat),
  );

/** Optional phone: empty or missing becomes null (docs/PRODUCT.md#profile-fields). */
export const optionalPhoneRule = z
  .union([phoneRule, z.literal(''), z.null()])
  .optional()
  .transform((phone) => (phone ? phone : null));

export const contactNameRule = z
  .string({ error: VALIDATION.nameTooShort })
  .trim()
  .min(LIMITS.contactName.min, VALIDATION.nameTooShort)
  .max(LIMITS.contactName.max, VALIDATION.nameTooLong)
  .refine((name) => !UNSAFE_CHARACTERS.test(name), VALIDATION.nameInvalid);

export const relationshipRule = z
  .string({ error: VALIDATION.relationshipTooShort })
  .trim()
  .min(LIMITS.relationship.min, VALIDATION.relationshipTooShort)
  .max(LIMITS.relationship.max, VALIDATION.relationshipTooLong)
  .refine((relationship) => !UNSAFE_CHARACTERS.test(relationship), VALIDATION.relationshipInvalid);

export const emergencyMessageRule = z
  .string({ error: VALIDATION.messageEmpty })
  .trim()
  .min(1, VALIDATION.messageEmpty)
  .max(LIMITS.emergencyMessage.max, VALIDATION.messageTooLong)
  .refine((message) => !hasScriptContent(message), VALIDATION.invalidContent);

export const addressRule = z
  .string({ error: VALIDATION.addressTooShort })
  .trim()
  .min(LIMITS.address.min, VALIDATION.addressTooShort)
  .max(LIMITS.address.max, VALIDATION.addressTooLong)
  .refine((address) => !UNSAFE_CHARACTERS.test(address), VALIDATION.addressInvalid);

const finite = (message: string) => z.number({ error: message }).refine(Number.isFinite, message);

export const latitudeRule = finite(VALIDATION.latitudeRange)
  .min(-90, VALIDATION.latitudeRange)
  .max(90, VALIDATION.latitudeRange);
export const longitudeRule = finite(VALIDATION.longitudeRange)
  .min(-180, VALIDATION.longitudeRange)
  .max(180, VALIDATION.longitudeRange);
export const accuracyRule = finite(VALIDATION.accuracyPositive).min(0, VALIDATION.accuracyPositive);
export const speedRule = finite(VALIDATION.speedPositive).min(0, VALIDATION.speedPositive);
export const headingRule = finite(VALIDATION.headingRange)
  .min(0, VALIDATION.headingRange)
  .max(360, VALIDATION.headingRange);

/** Does this runtime's Intl know the zone? It throws a RangeError for a name it does not know. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An IANA time zone ("America/New_York"), as the browser reports it: the SOS text writes times in it. Only
 * names (a letter first), not offsets like "+05:00", which Intl would also take but which ignore summer time.
 */
export const timeZoneRule = z
  .string({ error: TIME_ZONE_TEXTS.invalid })
  .trim()
  .max(64, TIME_ZONE_TEXTS.invalid)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, TIME_ZONE_TEXTS.invalid)
  .refine(isKnownTimeZone, TIME_ZONE_TEXTS.invalid);
