import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFileAgainstChain, verifyManifestSignature } from '#shared/recording-chain';
import type { ChunkReceipt, Recording, RecordingManifest } from '#shared/schemas/recording';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/test-users';
import {
  finish,
  joined,
  pieces,
  playbackUrl,
  putPiece,
  startRecording,
  storePiece,
} from './recording-test-helpers';

describe('recordings: pieces, sealing and the signed chain', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  it('takes pieces out of order and repeated, refuses other bytes for a stored piece, and seals once all are in', async () => {
    const owner = await createTestUser(sut, 'Rhea Recorder');
    const recording = await startRecording(sut, owner);
    expect(recording).toMatchObject({
      status: 'recording',
      contiguous_chunks: 0,
      owner_name: 'Rhea Recorder',
    });
    const parts = pieces(4);

    const third = await storePiece(sut, owner, recording.id, 2, parts[2]!);
    expect(third).toMatchObject({ seq: 2, bytes: 1000, duplicate: false, contiguous_chunks: 0 });
    expect((await storePiece(sut, owner, recording.id, 0, parts[0]!)).contiguous_chunks).toBe(1);
    const again = await storePiece(sut, owner, recording.id, 0, parts[0]!);
    expect(again).toMatchObject({ seq: 0, duplicate: true, contiguous_chunks: 1 });
    const other = await putPiece(sut, owner, recording.id, 0, parts[1]!);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'conflict' });
    expect((await storePiece(sut, owner, recording.id, 1, parts[1]!)).contiguous_chunks).toBe(3);

    const waiting = await finish(sut, owner, recording.id, 4);
    expect(waiting).toMatchObject({ status: 'recording', declared_chunks: 4, signed: false });
    const last = await storePiece(sut, owner, recording.id, 3, parts[3]!);
    expect(last.contiguous_chunks).toBe(4);
    const sealed = (
      await sut.app.inject({ method: 'GET', url: `/api/recordings/${recording.id}`, headers: owner.headers })
    ).json<Recording>();
    expect(sealed).toMatchObject({ status: 'finished', signed: true, stored_chunks: 4, bytes: 4000 });
    const late = await putPiece(sut, owner, recording.id, 4, parts[0]!);
    expect(late.statusCode).toBe(409);

    const manifest = (
      await sut.app.inject({
        method: 'GET',
        url: `/api/recordings/${recording.id}/manifest`,
        headers: owner.headers,
      })
    ).json<RecordingManifest>();
    expect(manifest.chunks.map((chunk) => chunk.seq)).toEqual([0, 1, 2, 3]);
    expect(await verifyManifestSignature(manifest)).toBe(true);

    const media = await sut.app.inject({ method: 'GET', url: await playbackUrl(sut, owner, recording.id) });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/webm;codecs=vp8,opus');
    expect(media.rawPayload.equals(joined(parts))).toBe(true);
    expect(await verifyFileAgainstChain(new Uint8Array(media.rawPayload), manifest)).toEqual({
      ok: true,
      verifiedChunks: 4,
      verifiedSeconds: 4,
    });
    const flipped = new Uint8Array(media.rawPayload);
    flipped[2500] = (flipped[2500] ?? 0) ^ 0xff;
    expect(await verifyFileAgainstChain(flipped, manifest)).toMatchObject({ ok: false, verifiedChunks: 2 });
    const receipt: ChunkReceipt = third;
    expect(receipt.sha256).toBe(manifest.chunks[2]!.sha256);
  });
});
