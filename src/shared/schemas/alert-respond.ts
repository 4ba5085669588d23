/**
 * A guardian answers a ward's alert: from the guardian view (POST /api/wards/alerts/:id/respond, signed in) or
 * from a push notification's action button (POST /api/alert-responses/push, with the capability token the push
 * carried: the service worker holds no session).
 */
import { z } from 'zod';
import { ALERT_RESPONSES, CHOSEN_RESPONSES } from '../alert-life';
import { ALERT_LIFE_TEXTS } from '../alert-life-texts';
import { ALERT_RESPONSE_TEXTS } from '../alert-response-texts';
import { AlertProgressSchema, AnswerRequestSchema } from './alert-life';

/**
 * The shape of a push answer token (modules/alerts/response-token.ts): a version prefix, the alert's and the
 * guardian's ids as 32 hex digits each, and a 43-character HMAC-SHA256 in base64url. The prefix also lets the
 * logger recognise one wherever it appears.
 */
export const ALERT_RESPONSE_TOKEN_PREFIX = 'bar1_';
export const ALERT_RESPONSE_TOKEN_PATTERN = /^bar1_[0-9a-f]{64}[A-Za-z0-9_-]{43}$/;

/** POST /api/wards/alerts/:id/respond: the shared response body, with the example the OpenAPI document shows. */
export const GuardianRespondRequestSchema = AnswerRequestSchema.meta({ example: { response: 'on_my_way' } });

/** POST /api/alert-responses/push: the token the push carried and the button pressed. */
export const PushRespondRequestSchema = z
  .object({
    token: z
      .string({ error: ALERT_RESPONSE_TEXTS.invalidToken })
      .regex(ALERT_RESPONSE_TOKEN_PATTERN, ALERT_RESPONSE_TEXTS.invalidToken),
    response: z.enum(CHOSEN_RESPONSES, { error: ALERT_LIFE_TEXTS.invalidResponse }),
  })
  .meta({
    example: {
      token: `bar1_${'0'.repeat(64)}${'A'.repeat(43)}`,
      response: 'on_my_way',
    },
  });
export type PushRespondRequest = z.infer<typeof PushRespondRequestSchema>;

/**
 * The answer to a guardian's response: the alert's state and every response as they now stand, and `entry`, the
 * timeline entry this answer added, or, when it changed nothing (`changed: false`: it already was this guardian's
 * answer), the alert's latest entry. Nobody is told of an answer that changed nothing.
 */
export const RespondResultSchema = AlertProgressSchema.extend({
  changed: z.boolean(),
  /** The caller's answer as it now stands. */
  my_response: z.enum(ALERT_RESPONSES),
});
export type RespondResult = z.infer<typeof RespondResultSchema>;
