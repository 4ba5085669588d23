/**
 * The command line every benchmark around one Beacon server shares: `--repo`, `--database-url`, `--json` and
 * `-h/--help`, integer options checked against their range, and environment variables standing in for flags.
 */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What `parseArgs` takes as `options` (its type has no exported name). */
type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

const SHARED_FLAGS = {
  repo: { type: 'string' },
  'database-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsOptionsConfig;

export type SharedOptions = {
  /** The Beacon checkout to run (absolute). */
  repo: string;
  /** A PostgreSQL server to make a throwaway database on; PGlite when undefined. */
  databaseUrl: string | undefined;
  /** Also print the result as one JSON line. */
  json: boolean;
};

/**
 * Parses `argv` with the shared flags and `own`; prints `usage` and exits on `--help`. `env` names, per string flag,
 * an environment variable used when the flag is not given (an empty variable counts as unset).
 */
export function parseBenchArgs<Own extends ParseArgsOptionsConfig>(
  argv: string[],
  usage: string,
  own: Own,
  env: Partial<Record<Extract<keyof Own, string> | 'repo' | 'database-url', string>> = {},
) {
  const { values } = parseArgs({ args: argv, options: { ...SHARED_FLAGS, ...own }, strict: true });
  // The shared flags' values, seen through their own types (the compiler cannot see them in the merged ones).
  const flags = values as Record<string, string | boolean | undefined>;
  if (flags.help === true) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  for (const [flag, variable] of Object.entries(env)) {
    if (flags[flag] === undefined && variable && process.env[variable]) flags[flag] = process.env[variable];
  }
  const text = (flag: string): string | undefined => {
    const value = flags[flag];
    return typeof value === 'string' ? value : undefined;
  };
  const databaseUrl = text('database-url');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('--database-url must start with postgres:// or postgresql://');
  }
  const shared: SharedOptions = {
    repo: path.resolve(text('repo') ?? process.cwd()),
    databaseUrl,
    json: flags.json === true,
  };
  return { values, shared };
}

/**
 * The integer option `--name` from its text `raw`, or `fallback` when it is absent or empty; throws when it is not
 * a whole number from `min` to `max`.
 */
export function intOption(
  name: string,
  raw: string | undefined,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new Error(`--${name} must be an integer ${range} (got ${JSON.stringify(raw)})`);
  }
  return value;
}
