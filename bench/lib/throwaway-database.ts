/** A PostgreSQL database made for one benchmark run and dropped after it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ThrowawayDatabase = { name: string; url: string; drop(): Promise<void> };

export async function createThrowawayDatabase(serverUrl: string): Promise<ThrowawayDatabase> {
  // Hex only: safe to put into the statement as an identifier.
  const name = `beacon_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
