/**
 * The emergency contact's responder page (`/r/{code}`, no sign-in: the code in their text is the credential).
 * GET /api/responder/:code shows the alert as the contact may see it; POST /api/responder/:code/respond answers
 * it. An unknown, expired or revoked code answers 404, all alike. docs/PRODUCT.md, "The contact's page".
 */
import { z } from 'zod';
import { ALERT_RESPONSES } from '../alert-life';
import { AlertStateSchema, AnswerRequestSchema } from './alert-life';
import { TimestampSchema } from './common';

/** 26 letters and digits of base32 (130 bits). Anything else cannot be a code and answers 404. */
export const RESPONDER_CODE_PATTERN = /^[a-z2-7]{26}$/i;
export const ResponderCodeParamsSchema = z.object({ code: z.string().regex(RESPONDER_CODE_PATTERN) });

/** One answer so far: who (as the person knows them) and what they said. */
export const ResponderAnswerSchema = z.object({
  name: z.string(),
  response: z.enum(ALERT_RESPONSES),
  responded_at: TimestampSchema,
});
export type ResponderAnswer = z.infer<typeof ResponderAnswerSchema>;

/** The person's newest position, in words a map or a maps app can use; no battery, speed or other readings. */
export const ResponderPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  address: z.string().nullable(),
  recorded_at: TimestampSchema,
});
export type ResponderPosition = z.infer<typeof ResponderPositionSchema>;

export const ResponderViewSchema = z.object({
  /** The person's first name (the text already carried their name). */
  first_name: z.string(),
  /** What raised the alert, in words ("SOS button", "missed check-in", …). */
  raised_by: z.string(),
  raised_at: TimestampSchema,
  state: AlertStateSchema,
  resolved_at: TimestampSchema.nullable(),
  /** Every answer so far, oldest first (guardians' and other contacts'). */
  answers: z.array(ResponderAnswerSchema),
  /** The name this link's contact answers with, and their own answer so far (null before one). */
  you: z.object({ name: z.string(), response: z.enum(ALERT_RESPONSES).nullable() }),
  /**
   * Whether the person lets contacts follow them (Emergency Contact Access and Share Location both on). When
   * false, or once they are safe, `position` is null.
   */
  position_shared: z.boolean(),
  position: ResponderPositionSchema.nullable(),
  /** When the page stops opening: a day after the alert was raised, or an hour after the person is safe. */
  open_until: TimestampSchema,
  /** A drill ("Test my safety network"): nothing is wrong, the page asks only to confirm the text arrived. */
  test: z.boolean().default(false),
});
export type ResponderView = z.infer<typeof ResponderViewSchema>;

/**
 * POST /api/responder/:code/respond: the shared answers, or `acknowledged` ("I got it"), the one a drill's page
 * offers, with its example for the API document.
 */
export const ResponderRespondRequestSchema = AnswerRequestSchema.meta({
  example: { response: 'on_my_way' },
});
