import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './adapters/clock';
import type { Mailer } from './adapters/mail/mailer';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerClient } from './http/client-files';
import { healthRoutes } from './modules/health/routes';
import { registerAuthentication } from './http/authenticate';
import { createAccessTokens } from './modules/auth/access-token';
import { loadServerSecret } from './adapters/server-secrets';

/** Everything the app needs from outside; tests pass fakes. */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  /** Where the built client lives; omitted in API tests. */
  clientDir?: string;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  const tokens = createAccessTokens(
    await loadServerSecret(deps.db, 'jwt-signing-key', deps.config.jwtSecret),
  );
  registerAuthentication(app, { db: deps.db, tokens, clock: deps.clock });

  await app.register(healthRoutes(deps.db));

  await registerClient(app, deps.clientDir);
  return app;
}
