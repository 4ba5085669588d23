import type { OffsetClock } from '../../adapters/clock';
import type { Mailer } from '../../adapters/mail/mailer';
import type { SmsProvider } from '../../adapters/sms/sms-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import { devClockRoutes } from './clock-routes';
import { devMailRoutes, devSmsRoutes } from './routes';

/**
 * The dev outboxes, readable over HTTP only while they are what Beacon "sends" with (no SMTP_URL, no TWILIO_*)
 * and never in production: they hold sign-in links and every person's SOS texts. With DEV_CLOCK_CONTROL (never in
 * production) also the clock control, POST /api/dev/clock.
 */
export function createDevModule(deps: {
  db: Database;
  config: Pick<Config, 'env'>;
  mailer: Pick<Mailer, 'kind'>;
  sms: Pick<SmsProvider, 'kind'>;
  /** Set only with DEV_CLOCK_CONTROL: the app's clock, and what to run after moving it (due deadlines). */
  clockControl?: { clock: OffsetClock; runDueJobs: () => Promise<void> } | null;
}): ServerModule {
  const development = deps.config.env !== 'production';
  const mail = development && deps.mailer.kind === 'dev-outbox';
  const sms = development && deps.sms.kind === 'dev-outbox';
  return {
    name: 'dev',
    routes: async (app) => {
      if (mail) await app.register(devMailRoutes(deps.db));
      if (sms) await app.register(devSmsRoutes(deps.db));
      if (development && deps.clockControl) {
        await app.register(devClockRoutes(deps.clockControl.clock, deps.clockControl.runDueJobs));
      }
    },
  };
}
