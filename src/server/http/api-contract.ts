/**
 * What every API route answers besides its own success: declared once here from the route's access rule and
 * schemas, so the OpenAPI document (http/openapi.ts) lists each route's security and error answers, and the
 * error bodies are checked against the one error schema like every other answer.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { ApiErrorSchema, type ErrorCode } from '#shared/schemas/api-error';
import { statusOf } from './app-error';

/** The name of the bearer scheme in the OpenAPI document. */
export const BEARER_SCHEME = 'bearer';

/** Every route under /api answers `Cache-Control: no-store` unless it says otherwise: it is someone's data. */
export function registerApiContract(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const schema = (route.schema ??= {}) as NonNullable<RouteOptions['schema']> & { security?: unknown };
    schema.security = route.config?.access === 'signed-in' ? [{ [BEARER_SCHEME]: [] }] : [];
    schema.response = { ...errorResponses(route), ...(schema.response as object | undefined) };
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

function errorResponses(route: RouteOptions): Record<number, z.ZodType> {
  const schema = route.schema ?? {};
  // Any route may meet a database that is down or stalled (http/error-handler.ts).
  const codes = new Set<ErrorCode>(['internal', 'service_unavailable', ...(route.config?.errors ?? [])]);
  if (schema.body || schema.querystring || schema.headers) codes.add('validation_failed');
  if (schema.body) codes.add('payload_too_large').add('unsupported_media_type');
  if (schema.params) codes.add('not_found');
  if (route.config?.access === 'signed-in') codes.add('not_authenticated');
  // Too many ordinary requests in flight from the client's address, or journey actions from one account.
  const priority = route.config?.priority === true;
  if (route.config?.urgent !== true && (!priority || route.config?.access === 'signed-in')) {
    codes.add('rate_limited');
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      ApiErrorSchema.meta({ description: `error: ${list.join(' | ')}` }),
    ]),
  );
}
