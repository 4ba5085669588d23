import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, noBody } from '#shared/schemas/common';
import { CallGatherCallbackSchema, CallStatusCallbackSchema } from '#shared/schemas/voice-callback';
import { VOICE_CALL_TEXTS } from '#shared/voice-call-texts';
import { isTwilioSignatureValid, type SignedParams } from '../../adapters/voice/twilio-signature';
import { VOICE_CALLBACK_PATHS } from '../../adapters/voice/voice-callback-urls';
import { AppError } from '../../http/app-error';
import { acceptFormBodies, type FormBody } from '../../http/form-body';
import type { VoiceCallService } from './voice-calls';

const FORM = 'application/x-www-form-urlencoded';

/**
 * POST /api/voice/calls/:id/status (how an escalation call ended) and POST /api/voice/calls/:id/gather (the key
 * the contact pressed; answers TwiML). Public, since the voice provider calls them, and gated by its signature:
 * `X-Twilio-Signature` over PUBLIC_URL + the path and the posted form, with the auth token (twilio-signature.ts).
 * A missing or wrong signature, or a server with no voice provider to sign anything, answers 403 before the body
 * is validated or any row is read; nothing changes.
 */
export const voiceCallRoutes =
  (
    service: VoiceCallService,
    options: {
      /** TWILIO_AUTH_TOKEN; null: no provider, so no callback can be genuine. */
      authToken: string | null;
      /** PUBLIC_URL (http/public-origin.ts): the URL the provider signed starts with it, never with Host. */
      origin: string;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    acceptFormBodies(app);
    const signed = {
      access: 'public',
      errors: ['forbidden'],
    } as const;
    const checkSignature = async (request: FastifyRequest): Promise<void> => {
      const params = signedParams(request);
      const signature = request.headers['x-twilio-signature'];
      const valid =
        options.authToken !== null &&
        params !== null &&
        isTwilioSignatureValid(
          options.authToken,
          `${options.origin}${request.url}`,
          params,
          typeof signature === 'string' ? signature : undefined,
        );
      if (!valid) throw new AppError('forbidden', VOICE_CALL_TEXTS.badSignature);
    };

    app.post(
      VOICE_CALLBACK_PATHS.status,
      {
        config: signed,
        preValidation: checkSignature,
        schema: {
          consumes: [FORM],
          params: IdParamsSchema,
          body: CallStatusCallbackSchema,
          response: { 204: noBody('Recorded (a status while the call goes on changes nothing)') },
        },
      },
      async (request, reply) => {
        await service.callEnded(request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      VOICE_CALLBACK_PATHS.gather,
      {
        config: signed,
        preValidation: checkSignature,
        schema: {
          consumes: [FORM],
          params: IdParamsSchema,
          body: CallGatherCallbackSchema,
          response: { 200: z.string().meta({ description: 'TwiML (text/xml): what the call says next' }) },
        },
      },
      async (request, reply) => {
        const twiml = await service.keyPressed(request.params.id, request.body);
        return reply.type('text/xml; charset=utf-8').send(twiml);
      },
    );
  };

/** The posted form as the signature covers it (none: no parameters); null for a body that is not a form. */
function signedParams(request: FastifyRequest): SignedParams | null {
  if (request.body === undefined || request.body === null) return {};
  // Twilio posts forms; any other body (JSON, say) is not what it signs, even with the same fields.
  const form = request.headers['content-type']?.startsWith(FORM) === true;
  return form ? (request.body as FormBody) : null;
}
