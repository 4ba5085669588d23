import path from 'node:path';
import { z } from 'zod';

/** Environment variables, parsed once at start-up. Each has a default so `npm start` needs none. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Beacon <no-reply@beacon.local>'),
  AUTH_MAX_FAILED_SIGNINS: z.coerce.number().int().positive().default(10),
  AUTH_MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  AUTH_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  TRUST_PROXY: z.stringbool().default(false),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  jwtSecret: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  auth: { maxFailedSignIns: number; maxRequestsPerAddress: number; rateWindowMinutes: number };
  trustProxy: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(blankless);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')} ${issue?.message ?? ''}`.trim(),
    );
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    auth: {
      maxFailedSignIns: e.AUTH_MAX_FAILED_SIGNINS,
      maxRequestsPerAddress: e.AUTH_MAX_REQUESTS_PER_ADDRESS,
      rateWindowMinutes: e.AUTH_RATE_WINDOW_MINUTES,
    },
    trustProxy: e.TRUST_PROXY,
  };
}
