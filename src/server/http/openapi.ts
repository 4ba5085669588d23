import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_NAME, APP_VERSION } from '#shared/constants';
import { withAccess } from './access';
import { BEARER_SCHEME } from './api-contract';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas Fastify enforces on every route (with each
 * route's access rule as its `security` and its error answers), at /api/openapi.json, and a readable reference
 * (Swagger UI) at /api/docs. Register before any route: the document collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description: `The API of ${APP_NAME}, a personal safety companion. Errors answer {error, message, field?}.`,
      },
      components: {
        securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
  await withAccess(app, 'public', async (scope) => {
    await scope.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  });
}
