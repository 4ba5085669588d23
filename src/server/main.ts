import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { openDatabase } from './db/open-database';
import { systemClock } from './adapters/clock';
import { createMailer } from './adapters/mail/create-mailer';
import { createSmsProvider } from './adapters/sms/create-sms-provider';

const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
/** New embedded databases are copied from a template kept here (db/pglite-template.ts), made the first time. */
const PGLITE_TEMPLATES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/pglite-templates',
);

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config, {
    templates: PGLITE_TEMPLATES,
    warn: (message, error) => logger.warn({ err: error }, message),
  });
  const mailer = createMailer(config, db);
  const sms = createSmsProvider(config, db.urgent, systemClock, logger);
  const app = await buildApp({ config, db, logger, clock: systemClock, mailer, sms, clientDir: CLIENT_DIR });

  const shutdown = async (signal: string): Promise<void> => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Background jobs (alert deliveries) start once the server listens; app.close() stops them.
  app.scheduler.start();
  logger.info(
    {
      port: config.port,
      database: db.kind,
      mail: mailer.kind,
      sms: sms.kind,
      jobs: config.scheduler.enabled,
    },
    'Beacon is listening',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Beacon failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
