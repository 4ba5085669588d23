import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../adapters/clock';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import type { AccessTokens } from './access-token';
import { accountEmailJob } from './account-email-job';
import { createPasswordHasher } from './password';
import type { AccountDeletionPort, ProfileCreationPort } from './ports';
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
  /** Asks the scheduler to look for due work of a kind now (an account e-mail just queued). */
  wakeJobs(kind: string): void;
  log: FastifyBaseLogger;
  profiles: ProfileCreationPort;
  accountDeletion: AccountDeletionPort;
}): ServerModule {
  const { db, clock, mailer, origin, log } = deps;
  const service = createAuthService({
    db,
    clock,
    tokens: deps.tokens,
    passwords: createPasswordHasher(),
    successorOf: createRefreshSuccessor(deps.refreshKey),
    limits: deps.limits,
    origin,
    wakeJobs: deps.wakeJobs,
    profiles: deps.profiles,
    accountDeletion: deps.accountDeletion,
  });
  return {
    name: 'auth',
    routes: authRoutes(service),
    jobs: [accountEmailJob({ db, clock, mailer, origin, log })],
  };
}

/** What other modules may use of accounts: a first profile's seed. app.ts hands it to the profile module. */
export const accounts = { profileSeedOf };

/**
 * The password hashing the accounts use (argon2id) and the account password asked again: app.ts hands them to the
 * safety PIN, whose PINs are hashed the same way and changed only with the account password.
 */
export { createPasswordHasher } from './password';
export { createCurrentPasswordCheck } from './current-password';
