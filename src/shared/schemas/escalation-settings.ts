/**
 * GET and PATCH /api/escalation-settings: how long an alert may go unanswered before Beacon escalates it
 * (src/shared/alert-life.ts, docs/PRODUCT.md#when-nobody-answers). The person's own choice, else the server's
 * default (ALERT_ESCALATION_SECONDS).
 */
import { z } from 'zod';
import { ALERT_ESCALATION } from '../alert-life';
import { ESCALATION_VALIDATION } from '../escalation-settings-texts';

/** Whole seconds from ALERT_ESCALATION.minSeconds to maxSeconds. */
export const EscalationSecondsSchema = z
  .number({ error: ESCALATION_VALIDATION.secondsRange })
  .int(ESCALATION_VALIDATION.secondsRange)
  .min(ALERT_ESCALATION.minSeconds, ESCALATION_VALIDATION.secondsRange)
  .max(ALERT_ESCALATION.maxSeconds, ESCALATION_VALIDATION.secondsRange);

/** PATCH: the person's own time, or null to use the server's default again. Unknown keys are refused. */
export const EscalationSettingsPatchSchema = z
  .object({ escalation_seconds: EscalationSecondsSchema.nullable() })
  .strict()
  .meta({ example: { escalation_seconds: 90 } });
export type EscalationSettingsPatch = z.infer<typeof EscalationSettingsPatchSchema>;

/** The answer of both routes: the time that applies, whether the person chose it, and the server's default. */
export const EscalationSettingsSchema = z.object({
  escalation_seconds: z.int(),
  /** True when the person chose their own time; false when the server's default applies. */
  chosen: z.boolean(),
  default_seconds: z.int(),
});
export type EscalationSettings = z.infer<typeof EscalationSettingsSchema>;

/** The dialog's form: the person's own time (choosing the default again is its own button). */
export const EscalationSecondsFormSchema = z.object({ escalation_seconds: EscalationSecondsSchema });
