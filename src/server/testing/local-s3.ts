import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The fixed credentials s3rver accepts. */
const KEY = 'S3RVER';

/**
 * An S3-compatible server on a free port of 127.0.0.1, keeping its objects in a temporary folder, with the
 * `S3_*` variables that point Beacon at one bucket of it (created here).
 */
export async function startLocalS3(bucket = 'emergency-recordings'): Promise<{
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(path.join(tmpdir(), 'beacon-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
