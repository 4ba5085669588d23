import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '#shared/schemas/api-error';
import { ERRORS, VALIDATION } from '#shared/texts';
import { AppError } from './app-error';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Maps every error to `{error, message}`. Only a genuine fault answers 500, and then without details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ error: error.code, message: error.message } satisfies ApiError);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message ?? VALIDATION.invalidRequest;
      return reply.status(400).send({ error: 'validation_failed', message } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'validation_failed';
      const message = status === 400 ? VALIDATION.invalidRequest : error.message;
      return reply.status(status).send({ error: code, message } satisfies ApiError);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: ERRORS.internal } satisfies ApiError);
  });
}
