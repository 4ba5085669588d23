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
import { rejectNulCharacters } from './http/reject-nul-characters';
import { healthRoutes } from './modules/health/routes';
import { authRoutes } from './modules/auth/routes';
import { profileRoutes } from './modules/profile/routes';
import { devMailRoutes, exposesDevMail } from './modules/dev/routes';
import { registerAuthentication } from './http/authenticate';
import { createAccessTokens } from './modules/auth/access-token';
import { loadServerSecret } from './adapters/server-secrets';
import type { SmsProvider } from './adapters/sms/sms-provider';
import { createSmsProvider } from './adapters/sms/create-sms-provider';
import { createScheduler, type Scheduler } from './scheduler/scheduler';
import { contactRoutes } from './modules/contacts/routes';
import { createContactService } from './modules/contacts/service';
import { alertRoutes } from './modules/alerts/routes';
import { createAlertService, type AlertService } from './modules/alerts/service';
import type { AlertEvents } from './modules/alerts/alert-events';
import { exposesDevSms, smsOutboxRoutes } from './modules/dev/sms-outbox-routes';
import { REALTIME_CHANNEL } from '#shared/constants';
import { createRealtime } from './realtime/create-realtime';
import { realtimeAlertEvents } from './realtime/alert-events';
import { guardianRoutes } from './modules/guardians/routes';
import { locationRoutes } from './modules/locations/routes';
import { createLocationService } from './modules/locations/service';
import { locationRetentionTask } from './modules/locations/retention';
import { shareLinkRoutes } from './modules/share-links/routes';
import { createShareLinkService } from './modules/share-links/service';
import { shareLinkTrackingHook } from './modules/share-links/tracking-link';
import { createPush } from './modules/push/create-push';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one scheduler: main.ts starts it; tests call `runNow(task)`. Stopped when the app closes. */
    scheduler: Scheduler;
    alerts: AlertService;
  }
}

/** Everything the app needs from outside; tests pass fakes. */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  /** Defaults to the provider the config selects (Twilio or the dev outbox). */
  sms?: SmsProvider;
  /** Alert and delivery status changes; defaults to the realtime hub. */
  alertEvents?: AlertEvents;
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
  // PostgreSQL cannot store U+0000; reject it for every route before validation rather than fail in SQL.
  app.addHook('preValidation', rejectNulCharacters);
  await registerSecurityHeaders(app, deps.config.tileUrl);
  const tokens = createAccessTokens(
    await loadServerSecret(deps.db, 'jwt-signing-key', deps.config.jwtSecret),
  );
  registerAuthentication(app, { db: deps.db, tokens, clock: deps.clock });

  await app.register(healthRoutes(deps.db));
  await app.register(
    authRoutes({ db: deps.db, clock: deps.clock, mailer: deps.mailer, tokens, config: deps.config }),
  );
  await app.register(profileRoutes({ db: deps.db, clock: deps.clock }));
  if (exposesDevMail(deps.config, deps.mailer)) await app.register(devMailRoutes(deps.db));

  const scheduler = createScheduler({ ...deps.config.scheduler, log: app.log });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  const realtime = await createRealtime(app, { config: deps.config, db: deps.db, clock: deps.clock, tokens });
  const sms = deps.sms ?? createSmsProvider(deps.config, deps.db, deps.clock);
  const alerts = createAlertService({
    db: deps.db,
    clock: deps.clock,
    sms,
    events: deps.alertEvents ?? realtimeAlertEvents(realtime),
    scheduler,
    log: app.log,
    firstAttemptWaitMs: deps.config.alerts.firstAttemptWaitMs,
    deliveryLeaseMs: deps.config.alerts.deliveryLeaseMs,
    smsTimeoutMs: deps.config.sms.timeoutMs,
    trackingLink: shareLinkTrackingHook(trackingOrigin(deps.config)),
  });
  app.decorate('alerts', alerts);
  await app.register(contactRoutes(createContactService({ db: deps.db, clock: deps.clock })));
  await app.register(alertRoutes(alerts));
  if (exposesDevSms(deps.config, sms)) await app.register(smsOutboxRoutes(deps.db));
  const core = { db: deps.db, clock: deps.clock };
  await app.register(guardianRoutes({ ...core, publisher: realtime }));
  await app.register(locationRoutes(createLocationService({ ...core, publisher: realtime })));
  await app.register(shareLinkRoutes(createShareLinkService(core), deps.config));
  await createPush(app, { ...core, config: deps.config, realtime });
  scheduler.add(
    locationRetentionTask({
      ...core,
      locationHours: deps.config.locations.retentionHours,
      eventHours: REALTIME_CHANNEL.eventRetentionHours,
    }),
  );

  await registerClient(app, deps.clientDir);
  return app;
}

/**
 * The origin alert texts use for tracking links. Production needs PUBLIC_URL (a text needs an address a contact
 * can open); locally the app's own address lets a developer follow the link from the dev outbox.
 */
function trackingOrigin(config: Config): string | undefined {
  if (config.publicUrl) return config.publicUrl;
  return config.env === 'production' ? undefined : `http://localhost:${config.port}`;
}
