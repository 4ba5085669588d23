/**
 * Composes the app: the HTTP platform (access rules, validation, errors, headers, OpenAPI), the one scheduler
 * with the job table, the one realtime hub, and every module through the one module contract
 * (modules/server-module.ts). docs/ARCHITECTURE.md is the map.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION } from '#shared/constants';
import { createAccessPolicy } from './access/policy';
import type { ChannelSenders } from './adapters/channels';
import { offsetClock, type Clock } from './adapters/clock';
import { mailChannel } from './adapters/mail/mail-channel';
import { overpassProvider } from './adapters/overpass/overpass-provider';
import type { Mailer } from './adapters/mail/mailer';
import type { PushSender } from './adapters/push/push-sender';
import { loadServerSecret } from './adapters/server-secrets';
import { createRecordingStorage } from './adapters/storage/create-storage';
import type { RecordingStorage } from './adapters/storage/recording-storage';
import { createSmsProvider } from './adapters/sms/create-sms-provider';
import type { SmsProvider } from './adapters/sms/sms-provider';
import { createVoiceCaller } from './adapters/voice/create-voice-caller';
import type { VoiceCaller } from './adapters/voice/voice-caller';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerAccessControl, type RegisteredRoute } from './http/access';
import { registerApiContract } from './http/api-contract';
import { registerClient } from './http/client-files';
import { registerAdmission, type AdmissionLoad } from './http/admission';
import { connectionOptions } from './http/connection-limits';
import { answerRoutingError, registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { publicOrigin } from './http/public-origin';
import { rejectUnstorableText } from './http/reject-unstorable-text';
import { registerSecurityHeaders } from './http/security-headers';
import { validatorCompiler } from './http/validation';
import type { AlertEvents } from './modules/alerts/alert-events';
import {
  alertFacts,
  alertTextFailures,
  createAlertsModule,
  responderLinkRevocation,
} from './modules/alerts/module';
import { realtimeAlertEvents } from './modules/alerts/realtime-alert-events';
import { ALERT_RESPONSE_KEY_NAME } from './modules/alerts/response-token';
import { createAccessTokens } from './modules/auth/access-token';
import {
  accounts,
  createAuthModule,
  createCurrentPasswordCheck,
  createPasswordHasher,
} from './modules/auth/module';
import {
  createLiveSessionLookup,
  createSessionChecks,
  createSessionVerifier,
} from './modules/auth/session-verifier';
import { contactLists, createContactsModule } from './modules/contacts/module';
import { createDevModule } from './modules/dev/module';
import { createGuardiansModule } from './modules/guardians/module';
import { createHealthModule } from './modules/health/module';
import { createJourneyWatchModule, journeyWarnings } from './modules/journey-watch/module';
import { deadlineGraceMs } from './modules/journeys/deadline-job';
import { createJourneysModule, escortOwners, JOURNEY_DEADLINE_JOBS } from './modules/journeys/module';
import { createLocationsModule, positions } from './modules/locations/module';
import { createNearbyPlacesModule } from './modules/nearby-places/module';
import { createProfileModule, profiles } from './modules/profile/module';
import { createProtectionModule } from './modules/protection/module';
import { createPushModule, pushSubscriptions } from './modules/push/module';
import type { ServerModule } from './modules/server-module';
import { createRecordingsModule } from './modules/recordings/module';
import { createSafetyPinChecks, createSafetyPinModule } from './modules/safety-pin/module';
import {
  alertLinks,
  createShareLinksModule,
  shareLinkLookup,
  shareLinkRevocation,
} from './modules/share-links/module';
import { createSharingModule } from './modules/sharing/module';
import { createRealtime } from './realtime/create-realtime';
import { housekeepingJob } from './scheduler/housekeeping';
import { findDueKinds } from './scheduler/job-repository';
import { ensurePeriodicJob, jobTask, type JobHandler } from './scheduler/jobs';
import { createScheduler, type Scheduler } from './scheduler/scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one scheduler: main.ts starts it; tests call `runNow(kind)`. Stopped when the app closes. */
    scheduler: Scheduler;
    /** Every route with its access rule (the route-access and OpenAPI tests walk it). */
    registeredRoutes(): RegisteredRoute[];
    /** API requests being worked on, waiting for a slot, and still arriving (http/admission.ts). */
    admissionLoad(): AdmissionLoad;
    /**
     * Resolves once the work started after answering requests has finished: jobs a request woke (an account
     * e-mail) and realtime events still being stored and delivered.
     */
    idle(): Promise<void>;
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
  /** Defaults to the caller the config selects (Twilio, the dev outbox, or none: see create-voice-caller.ts). */
  voice?: VoiceCaller;
  /** Defaults to real Web Push. */
  push?: PushSender;
  /** Alert and delivery status changes; defaults to the realtime hub. */
  alertEvents?: AlertEvents;
  /** Where recordings are kept; defaults to the one the config selects (a bucket, or a folder under DATA_DIR). */
  storage?: RecordingStorage;
  /** Where the built client lives; omitted in API tests. */
  clientDir?: string;
};

/** Fastify's JSON-schema compilers are never needed: every route's schema is zod's, and so are its compilers. */
function noJsonSchemaCompiler(): never {
  throw new Error('A route schema reached a JSON-schema compiler: every route schema must be a zod schema');
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  // DEV_CLOCK_CONTROL (development only): every part of the app reads a clock POST /api/dev/clock can move.
  const devClock = config.devClockControl ? offsetClock(deps.clock) : null;
  const clock: Clock = devClock ?? deps.clock;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // TRUST_PROXY names the proxies (addresses, CIDR ranges). The client is the nearest address in the chain
    // (socket, then X-Forwarded-For from its end) that is not one of them: a client that reaches the port
    // directly is its socket address whatever it writes, and one behind the proxies cannot pose as another.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    ...connectionOptions(config.http),
    frameworkErrors: answerRoutingError,
    // Every route's schema is a zod schema, checked and serialized by zod's compilers (set just below). Without
    // factories of its own, Fastify loads its JSON-schema compilers (Ajv, fast-json-stringify) as it is created,
    // for nothing (about 50 ms of a profiled start-up).
    schemaController: {
      compilersFactory: { buildValidator: noJsonSchemaCompiler, buildSerializer: noJsonSchemaCompiler },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const tokens = createAccessTokens(await loadServerSecret(db, 'jwt-signing-key', config.jwtSecret));
  const verifySession = createSessionVerifier({ db, tokens, clock });
  // Admission first: its hooks stamp the receipt time and count the request before the access hook looks at it,
  // and take the slot before the session's row is read (http/admission.ts, http/access.ts).
  app.decorate(
    'admissionLoad',
    registerAdmission(app, {
      capacity: config.http.concurrency,
      maxInFlightPerAddress: config.http.maxInFlightPerAddress,
      mediaCapacity: config.http.mediaConcurrency,
      clock,
    }),
  );
  app.decorate('registeredRoutes', registerAccessControl(app, createSessionChecks({ db, tokens, clock })));
  registerApiContract(app);
  // PostgreSQL cannot store U+0000 or a lone surrogate: refuse them for every route before validation.
  app.addHook('preValidation', rejectUnstorableText);
  registerSecurityHeaders(app, config.tileUrl);
  await registerOpenApi(app);

  // Which job kinds have work due is asked on the urgent lane: a tick must not wait behind a busy pool to find an
  // SOS text's retry (docs/decisions/006-urgent-db-lane.md).
  const scheduler = createScheduler({
    ...config.scheduler,
    log: app.log,
    dueTaskNames: () => findDueKinds(db.urgent, clock.now()),
  });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  // Who may do what to whose rows: every module's services ask it first (access/policy.ts).
  const access = createAccessPolicy({ db, clock });
  const realtime = await createRealtime(app, {
    config,
    db,
    clock,
    access,
    verifyToken: (token) => verifySession(token),
    liveSessionIds: createLiveSessionLookup(db),
  });

  const origin = publicOrigin(config);
  const sms = deps.sms ?? createSmsProvider(config, db.urgent, clock, app.log);
  // Escalation calls: Twilio's Calls API through the same account as the texts, or the dev outbox with it.
  const voice = deps.voice ?? createVoiceCaller(config, origin, db.urgent, clock, app.log);
  const channels: ChannelSenders = { sms, email: mailChannel(deps.mailer), ...(voice ? { voice } : {}) };
  // Derives each rotated refresh token from the one it replaces (modules/auth/refresh-successor.ts).
  const refreshKey = await loadServerSecret(db, 'refresh-successor-key');
  // Modules reach each other only through ports (each module's ports.ts): what one module offers (exported by
  // its module.ts, or returned by its factory) is handed here to those that declare a port for it.
  // Guardians' warnings during a ward's journey; it hears of stored positions from the locations module.
  const journeyWatch = createJourneyWatchModule({
    db,
    clock,
    access,
    publisher: realtime,
    channels,
    silenceMinutes: config.journeyWatch.silenceMinutes,
    pushTimeoutMs: config.push.timeoutMs,
    wakeJobs: (kind) => scheduler.kick(kind),
    log: app.log,
    profiles,
    positions,
    pushSubscriptions,
  });
  // Who has looked at what the person shares (share links, recordings, responder pages log to it), and
  // "Stop all sharing", which ends the share links and responder links together.
  const sharing = createSharingModule({
    db,
    clock,
    access,
    publisher: realtime,
    log: app.log,
    shareLinks: shareLinkRevocation,
    responderLinks: responderLinkRevocation,
  });
  // The safety PIN: hashed like the accounts' passwords; asked by "I'm safe", a late journey's end and a countdown.
  const pinHasher = createPasswordHasher();
  const safetyPins = createSafetyPinChecks({ db, clock, hasher: pinHasher });
  const alerts = createAlertsModule({
    db,
    clock,
    access,
    channels,
    events: deps.alertEvents ?? realtimeAlertEvents(realtime),
    wakeJobs: (kind) => scheduler.kick(kind),
    config,
    origin,
    // Derives each contact's responder code from their text's delivery id (modules/alerts/responder-code.ts).
    responderKey: await loadServerSecret(db, 'responder-link-key'),
    // Signs the answer tokens guardians' alert pushes carry (modules/alerts/response-token.ts).
    responseKey: await loadServerSecret(db, ALERT_RESPONSE_KEY_NAME),
    log: app.log,
    contacts: contactLists,
    profiles,
    positions,
    pushSubscriptions,
    alertLinks,
    safetyPins,
    views: sharing.viewLog,
  });
  // Emergency recordings; the tracking page lists what a link plays, and deleting an account deletes them.
  const recordings = await createRecordingsModule({
    db,
    clock,
    access,
    storage: deps.storage ?? (await createRecordingStorage(config)),
    publisher: realtime,
    channels,
    retentionHours: config.recordings.retentionHours,
    pushLeaseMs: config.push.timeoutMs + 1000,
    wakeJobs: (kind) => scheduler.kick(kind),
    profiles,
    pushSubscriptions,
    alerts: alertFacts,
    escorts: escortOwners,
    shareLinks: shareLinkLookup,
    views: sharing.viewLog,
    onSharingStopped: (listener) =>
      realtime.onEvent((event) => {
        if (event.type === 'sharing.stopped') listener(event.user_id);
      }),
  });
  const modules: ServerModule[] = [
    createHealthModule({ db, smsProvider: sms.kind, mailProvider: deps.mailer.kind }),
    createAuthModule({
      db,
      clock,
      mailer: deps.mailer,
      tokens,
      refreshKey,
      limits: config.auth,
      origin,
      wakeJobs: (kind) => scheduler.kick(kind),
      log: app.log,
      profiles,
      accountDeletion: recordings.accountDeletion,
    }),
    createProfileModule({
      db,
      clock,
      access,
      accounts,
      contacts: contactLists,
      escalationDefaultSeconds: config.alerts.escalationSeconds,
    }),
    createContactsModule({ db, clock, access, textFailures: alertTextFailures }),
    createProtectionModule({ db, clock, access, publisher: realtime }),
    alerts,
    createGuardiansModule({ db, clock, access, publisher: realtime, people: profiles, positions }),
    journeyWatch.module,
    createLocationsModule({
      db,
      clock,
      access,
      publisher: realtime,
      retentionHours: config.locations.retentionHours,
      profiles,
      onReceived: journeyWatch.watch.readingsReceived,
      log: app.log,
    }),
    createShareLinksModule({
      db,
      clock,
      access,
      profiles,
      positions,
      recordings: recordings.forLinks,
      views: sharing.viewLog,
      origin,
    }),
    sharing.module,
    recordings.module,
    createJourneysModule({
      db,
      clock,
      access,
      publisher: realtime,
      raiseAlert: alerts.raiseAlert,
      contacts: contactLists,
      journeyWarnings,
      lastChance: profiles,
      // The push module adds its channel to `channels` once every module is built: looked up when sent.
      ownDevicesPush: (message) =>
        channels.push
          ? channels.push.send({ to: message.userId, ...message })
          : Promise.resolve({ outcome: 'failed', error: 'No push sender is configured on this server' }),
      pushLeaseMs: config.push.timeoutMs + 1000,
      deadlineGraceMs: deadlineGraceMs(config.http),
      safetyPins,
      raiseDuressAlert: alerts.raiseDuressAlert,
    }),
    createSafetyPinModule({
      db,
      clock,
      access,
      hasher: pinHasher,
      checks: safetyPins,
      currentPassword: createCurrentPasswordCheck({ db, clock, passwords: pinHasher, limits: config.auth }),
      raiseDuressAlert: alerts.raiseDuressAlert,
    }),
    createNearbyPlacesModule({
      db,
      clock,
      provider: overpassProvider({
        url: config.nearbyPlaces.overpassUrl,
        timeoutMs: config.nearbyPlaces.timeoutMs,
        userAgent: `Beacon/${APP_VERSION} (personal-safety app; ${origin})`,
      }),
      log: app.log,
    }),
    await createPushModule({ db, clock, access, config, log: app.log, sender: deps.push }),
    createDevModule({
      db,
      config,
      mailer: deps.mailer,
      sms,
      clockControl: devClock && {
        clock: devClock,
        runDueJobs: async () => {
          await Promise.all(JOURNEY_DEADLINE_JOBS.map((kind) => scheduler.runNow(kind)));
        },
      },
    }),
  ];
  const jobs: Array<JobHandler<unknown>> = [housekeepingJob(db, clock)];
  for (const module of modules) {
    if (module.routes) await app.register(module.routes);
    Object.assign(channels, module.channels);
    jobs.push(...(module.jobs ?? []));
  }
  const idle = async (): Promise<void> => {
    await scheduler.idle();
    await realtime.idle();
    await sharing.viewLog.idle();
  };
  app.decorate('idle', idle);
  // The scheduler's own close hook (above) waits for the jobs under way.
  app.addHook('onClose', () => realtime.idle());
  app.addHook('onClose', () => sharing.viewLog.idle());
  const runner = { db, clock, log: app.log, kick: (kind: string) => scheduler.kick(kind) };
  for (const job of jobs) {
    scheduler.add(jobTask(job, runner));
    await ensurePeriodicJob(db, job, clock.now());
  }

  await registerClient(app, deps.clientDir);
  return app;
}
