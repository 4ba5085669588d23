/**
 * The safety PIN and the duress PIN (docs/PRODUCT.md#safety-pin-and-duress-pin): GET/PUT /api/safety-pin, POST
 * /api/safety-pin/check, and the `pin` that "I'm safe" and a late journey's end carry.
 */
import { z } from 'zod';
import { LIMITS, SAFETY_PIN } from '../constants';
import { SAFETY_PIN_VALIDATION } from '../safety-pin-texts';
import { VALIDATION } from '../texts';

export const pinRule = z
  .string({ error: SAFETY_PIN_VALIDATION.pinFormat })
  .regex(
    new RegExp(`^[0-9]{${SAFETY_PIN.minDigits},${SAFETY_PIN.maxDigits}}$`),
    SAFETY_PIN_VALIDATION.pinFormat,
  );

/** GET /api/safety-pin: whether a safety PIN is asked. Whether a duress PIN exists is never answered. */
export const SafetyPinStatusSchema = z.object({ safety_pin_set: z.boolean() });
export type SafetyPinStatus = z.infer<typeof SafetyPinStatusSchema>;

/**
 * PUT /api/safety-pin: sets both PINs at once (a duress PIN left out or null means none), or with
 * `safety_pin: null` removes both. Always needs the account password.
 */
export const UpdateSafetyPinRequestSchema = z
  .object({
    password: z
      .string({ error: SAFETY_PIN_VALIDATION.passwordRequired })
      .min(1, SAFETY_PIN_VALIDATION.passwordRequired)
      .max(LIMITS.password.max, VALIDATION.passwordTooLong),
    safety_pin: pinRule.nullable(),
    duress_pin: pinRule.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.duress_pin && !body.safety_pin) {
      ctx.addIssue({
        code: 'custom',
        path: ['duress_pin'],
        message: SAFETY_PIN_VALIDATION.duressNeedsSafety,
      });
    } else if (body.duress_pin && body.duress_pin === body.safety_pin) {
      ctx.addIssue({ code: 'custom', path: ['duress_pin'], message: SAFETY_PIN_VALIDATION.pinsMustDiffer });
    }
  })
  .meta({ example: { password: 'the-password-you-have-now', safety_pin: '4827', duress_pin: '1938' } });
export type UpdateSafetyPinRequest = z.input<typeof UpdateSafetyPinRequestSchema>;

/** POST /api/safety-pin/check: the countdown's cancel. */
export const SafetyPinCheckRequestSchema = z.object({ pin: pinRule }).meta({ example: { pin: '4827' } });
/** The same answer for the safety PIN and the duress PIN. */
export const SafetyPinCheckResponseSchema = z.object({ ok: z.literal(true) });

/** The body of "I'm safe" and of a journey's end: the PIN, asked only when one is set. */
export const PinBodySchema = z.object({ pin: pinRule.optional() });
/** The same, for routes that took no body before: an empty body stays allowed. */
export const OptionalPinBodySchema = PinBodySchema.nullish().meta({ example: { pin: '4827' } });
