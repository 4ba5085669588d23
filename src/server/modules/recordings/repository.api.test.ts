import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingManifest } from '#shared/schemas/recording';
import { openTestDatabase } from '../../testing/test-database';
import type { Database } from '../../db/database';
import * as repo from './repository';

/** The recordings tables as each database and driver hands them back (runs on PGlite and on PostgreSQL). */
describe('recordings repository', () => {
  let db: Database;
  let userId: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (email, password_hash) VALUES ('rec-repo@example.test', 'x') RETURNING id",
    );
    userId = rows[0]!.id;
  });
  afterAll(() => db?.close());

  const start = new Date('2026-11-26T03:00:00.000Z');
  const newRecording = (clientId: string) =>
    repo.insertRecording(db, {
      userId,
      clientId,
      type: 'video',
      mimeType: 'video/webm',
      origin: 'sos',
      alertId: null,
      escortSessionId: null,
      startedAt: start,
      deleteAt: new Date(start.getTime() + 24 * 3_600_000),
    });
  const chunk = (seq: number, sha256 = 'a'.repeat(64)) => ({
    seq,
    bytes: 10,
    sha256,
    storage_key: `k/${seq}`,
    received_at: start,
  });

  it('inserts a recording once per name, and answers its columns with their JavaScript types', async () => {
    const row = await newRecording('rec_1764120000001');
    expect(row).toMatchObject({ status: 'recording', bytes: 0, contiguous_chunks: 0, manifest: null });
    expect(row!.started_at).toEqual(start);
    expect(await newRecording('rec_1764120000001')).toBeUndefined();
    expect((await repo.findRecordingByClientId(db, userId, 'rec_1764120000001'))?.id).toBe(row!.id);
  });

  it('keeps one row per piece, counts the pieces without a gap and the bytes past 32 bits', async () => {
    const row = (await newRecording('rec_1764120000002'))!;
    expect(await repo.insertChunk(db, row.id, chunk(0))).toMatchObject({ seq: 0, bytes: 10 });
    expect(await repo.insertChunk(db, row.id, chunk(0, 'b'.repeat(64)))).toBeUndefined();
    await repo.insertChunk(db, row.id, chunk(2));
    expect(await repo.countContiguous(db, row.id, 0)).toBe(1);
    await repo.insertChunk(db, row.id, chunk(1));
    expect(await repo.countContiguous(db, row.id, 1)).toBe(3);
    expect((await repo.listChunks(db, row.id, 1, 3)).map((c) => c.seq)).toEqual([1, 2]);

    const noted = await repo.notePiece(db, row.id, { bytes: 3_000_000_000, contiguous: 3, at: start });
    expect(noted!.bytes).toBe(3_000_000_000);
    expect(await repo.storedBytesOf(db, userId)).toBe(3_000_000_000);
  });

  it('seals a recording once, keeping its manifest as it was signed', async () => {
    const row = (await newRecording('rec_1764120000003'))!;
    const manifest: RecordingManifest = {
      recording_id: row.id,
      user_id: userId,
      type: 'video',
      mime_type: 'video/webm',
      started_at: start.toISOString(),
      ended_at: start.toISOString(),
      status: 'cut_off',
      chunks: [],
      chain_head: null,
      signature: 'c2lnbmF0dXJl',
      public_key: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n',
    };
    const seal = { status: 'cut_off' as const, endedAt: start, deleteAt: start, manifest };
    expect((await repo.sealRecording(db, row.id, seal))?.manifest).toEqual(manifest);
    expect(await repo.sealRecording(db, row.id, seal)).toBeUndefined();
    expect((await repo.findRecording(db, row.id))?.manifest).toEqual(manifest);
  });

  it('finds open recordings gone quiet and recordings due for deletion, and the rows go with the account', async () => {
    const quiet = (await newRecording('rec_1764120000004'))!;
    const later = new Date(start.getTime() + 60_000);
    expect(await repo.findQuietRecordings(db, later, 100)).toContain(quiet.id);
    expect(await repo.findQuietRecordings(db, new Date(start.getTime() - 1), 100)).toEqual([]);
    const due = await repo.findExpiredRecordings(db, new Date(start.getTime() + 24 * 3_600_000), 100);
    expect(due.map((r) => r.id)).toContain(quiet.id);

    await db.query('DELETE FROM users WHERE id = $1', [userId]);
    const { rows } = await db.query(
      'SELECT id FROM recordings UNION ALL SELECT recording_id FROM recording_chunks',
    );
    expect(rows).toEqual([]);
  });
});
