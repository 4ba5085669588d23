import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError, ErrorCode } from '#shared/schemas/api-error';
import { ERRORS, FIELD_ISSUE_TEXTS } from '#shared/texts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError } from './app-error';

/** Fastify's own refusals (before any schema runs), by status. */
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

/**
 * Maps every error to `{error, message, field?}`. Only a genuine fault answers 500, and then without details.
 * A refused path parameter is a 404: an id of the wrong shape cannot name anything that exists. A database that
 * is down or stalled is not a fault of the request: 503 with Retry-After, so the phone falls back and retries.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.validationContext === 'params') return reply.status(404).send(notFound());
      const body: ApiError = { error: error.code, message: error.message };
      if (error.field !== undefined) body.field = error.field;
      return reply.status(error.status).headers(error.headers).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'validation_failed';
      // Fastify refuses a body it cannot parse (broken JSON, an empty JSON body) before any schema sees it.
      if (code === 'validation_failed') {
        return reply.status(400).send({
          error: code,
          message: FIELD_ISSUE_TEXTS.invalid(FIELD_ISSUE_TEXTS.body),
          field: 'body',
        } satisfies ApiError);
      }
      return reply.status(status).send({ error: code, message: error.message } satisfies ApiError);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: 'service_unavailable', message: ERRORS.serviceUnavailable } satisfies ApiError);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: ERRORS.internal } satisfies ApiError);
  });
}

/**
 * Fastify's router refuses some paths before any route or error handler sees them: a path parameter longer than
 * it keeps, or a path whose percent-encoding is broken. Such a path names nothing that exists: 404, in the one
 * error shape, and without echoing the path (it may hold a share code).
 */
export function answerRoutingError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const routing = error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL';
  const body: ApiError = routing
    ? notFound()
    : {
        error: 'validation_failed',
        message: FIELD_ISSUE_TEXTS.invalid(FIELD_ISSUE_TEXTS.params),
        field: 'params',
      };
  void reply.code(routing ? 404 : 400).send(body);
}

function notFound(): ApiError {
  return { error: 'not_found', message: ERRORS.notFound };
}
