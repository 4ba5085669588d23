import type { Clock } from '../../adapters/clock';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerModule } from '../server-module';
import type { AccessTokens } from './access-token';
import { createPasswordHasher } from './password';
import type { ProfileCreationPort } from './ports';
import { profileSeedOf } from './profile-seed';
import { createRefreshSuccessor } from './refresh-successor';
import { authRoutes } from './routes';
import { createAuthService } from './service';

/** Accounts: sign-up and sign-in, rotating refresh tokens, recovery and confirmation by e-mail, deletion. */
export function createAuthModule(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  tokens: AccessTokens;
  /** The server key refresh tokens' successors are derived with (refresh-successor.ts). */
  refreshKey: string;
  limits: Config['auth'];
  /** Where e-mailed links point (http/public-origin.ts). */
  origin: string;
  log: FastifyBaseLogger;
  profiles: ProfileCreationPort;
}): ServerModule {
  const { refreshKey, ...rest } = deps;
  const service = createAuthService({
    ...rest,
    passwords: createPasswordHasher(),
    successorOf: createRefreshSuccessor(refreshKey),
  });
  return { name: 'auth', routes: authRoutes(service), idle: () => service.drain() };
}

/** What other modules may use of accounts: a first profile's seed. app.ts hands it to the profile module. */
export const accounts = { profileSeedOf };
