import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startLocalS3 } from '../../testing/local-s3';
import { createRecordingStorage } from './create-storage';
import { checkKey, recordingKeys, StorageNotFound, type RecordingStorage } from './recording-storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A body that sends `first`, then dies before the rest arrives (a phone's connection dropping). */
function dyingBody(first: Buffer): Readable {
  const body = new PassThrough();
  body.write(first);
  setImmediate(() => body.destroy(new Error('connection reset')));
  return body;
}

const recording = {
  userId: '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f',
  type: 'video',
  clientId: 'rec_1764120000000',
};

/** The same promises of both backends, chosen the way the server chooses them: by the configuration. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: RecordingStorage; close(): Promise<void> }>,
  /**
   * s3rver keeps what arrived of an aborted upload (S3 itself keeps nothing of a PutObject that did not complete),
   * and may write it after the delete that follows the failure: such an object has no row, plays nowhere and goes
   * with its recording's prefix.
   */
  keepsPartialUploads = false,
) {
  describe(name, () => {
    let storage: RecordingStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(() => close?.());

    it('stores a streamed object, reads it whole or in part, and deletes it', async () => {
      const bytes = randomBytes(300_000);
      const key = recordingKeys.ofPiece(recording, 0, 'a1');
      await storage.put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), bytes.length);
      expect((await readAll(await storage.read(key))).equals(bytes)).toBe(true);
      expect(
        (await readAll(await storage.read(key, { start: 10, end: 19 }))).equals(bytes.subarray(10, 20)),
      ).toBe(true);
      await storage.delete(key);
      await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFound);
      await storage.delete(key); // twice is harmless
    });

    it('keeps nothing readable of an upload that died half-way or ended short', async () => {
      const key = recordingKeys.ofPiece(recording, 1, 'b2');
      await expect(storage.put(key, dyingBody(randomBytes(100)), 1000)).rejects.toThrow('connection reset');
      if (!keepsPartialUploads) await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFound);
      await expect(storage.put(key, Readable.from([randomBytes(10)]), 1000)).rejects.toThrow(
        '10 of the 1000',
      );
      if (!keepsPartialUploads) await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFound);
      await storage.delete(key);
    });

    it('deletes a recording by its prefix, leaving the person’s other recordings', async () => {
      const other = { ...recording, clientId: 'rec_1764120009999' };
      for (const [seq, owner] of [
        [0, recording],
        [1, recording],
        [0, other],
      ] as const) {
        await storage.put(recordingKeys.ofPiece(owner, seq, 'c3'), Readable.from([Buffer.from('x')]), 1);
      }
      await storage.deletePrefix(recordingKeys.ofRecording(recording));
      await expect(storage.read(recordingKeys.ofPiece(recording, 0, 'c3'))).rejects.toBeInstanceOf(
        StorageNotFound,
      );
      expect((await readAll(await storage.read(recordingKeys.ofPiece(other, 0, 'c3')))).toString()).toBe('x');
      await storage.deletePrefix(recordingKeys.ofPerson(recording.userId));
      await expect(storage.read(recordingKeys.ofPiece(other, 0, 'c3'))).rejects.toBeInstanceOf(
        StorageNotFound,
      );
    });
  });
}

storageContract('a folder under DATA_DIR (the default)', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'beacon-storage-'));
  const storage = await createRecordingStorage(loadConfig({ DATA_DIR: dataDir }));
  expect(storage.kind).toBe('folder');
  return {
    storage,
    async close() {
      // Nothing was left behind, not even a temporary file of an upload that failed.
      const left = await readdir(path.join(dataDir, 'recordings'), { recursive: true, withFileTypes: true });
      expect(left.filter((entry) => entry.isFile())).toEqual([]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

storageContract(
  'an S3-compatible bucket (S3_*), against a local s3rver',
  async () => {
    const s3 = await startLocalS3();
    const storage = await createRecordingStorage(loadConfig(s3.env));
    expect(storage.kind).toBe('s3');
    return { storage, close: s3.close };
  },
  true,
);

it('refuses keys the server would never make', () => {
  for (const key of ['../etc/passwd', 'a/../b', '/abs', 'a//b', 'a/b c', '']) {
    expect(() => checkKey(key), key).toThrow('Unsafe storage key');
  }
  expect(checkKey('u/recordings/emergency-video-rec_1/00001.ab')).toBe(
    'u/recordings/emergency-video-rec_1/00001.ab',
  );
});
