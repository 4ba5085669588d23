import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING } from '#shared/constants';
import { verifyFileAgainstChain, verifyManifestSignature } from '#shared/recording-chain';
import { RECORDING_SERVER_TEXTS } from '#shared/recording-server-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import type { PushPayload } from '#shared/schemas/push';
import type { ChunkReceipt, PlaybackResponse, Recording, RecordingManifest } from '#shared/schemas/recording';
import type { ShareLink, TrackResponse } from '#shared/schemas/share-link';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { browserKeys, decryptPush, type FakePushService } from '../../testing/fake-push-service';
import { startLocalS3 } from '../../testing/local-s3';
import { listenLocally, openRawConnection, requestHead } from '../../testing/raw-http';
import {
  createTestApp,
  createTestAppWithPush,
  type TestApp,
  type TestAppWithPush,
} from '../../testing/test-app';
import { createTestUserWithContacts, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import { signUpViaApi } from '../../testing/test-auth';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { endRelationship, linkGuardian, openSocket } from '../guardians/guardian-test-helpers';
import { startEscort } from '../journeys/journey-test-helpers';
import {
  CUT_OFF_EVERY_MS,
  CUT_OFF_JOB,
  PURGE_JOB,
  RETENTION_EVERY_MS,
  RETENTION_JOB,
} from './recording-chores';
import {
  finish,
  finishedRecording,
  joined,
  newClientId,
  pieces,
  playbackUrl,
  putPiece,
  startRecording,
  storePiece,
} from './recording-test-helpers';

/** Runs scripts/verify-recording.mjs as a person would, with plain Node. */
function verifyWithScript(file: string, manifest: string): Promise<{ code: number; out: string }> {
  const script = path.resolve('scripts/verify-recording.mjs');
  return new Promise((resolve) => {
    execFile(process.execPath, [script, file, manifest], (error, stdout) => {
      resolve({ code: error ? Number(error.code) : 0, out: stdout });
    });
  });
}

/** Every file under `dir` (the recordings folder of a test app), relative to it. */
async function storedFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

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
    // The verifier script anyone can run says the same of the file the server served, and of a changed one.
    const folder = await mkdtemp(path.join(tmpdir(), 'beacon-verify-'));
    const [file, manifestFile] = [path.join(folder, 'recording.webm'), path.join(folder, 'manifest.json')];
    await writeFile(manifestFile, JSON.stringify(manifest));
    await writeFile(file, media.rawPayload);
    expect(await verifyWithScript(file, manifestFile)).toMatchObject({ code: 0 });
    const changed = Buffer.from(media.rawPayload);
    changed[2500] = (changed[2500] ?? 0) ^ 0xff;
    await writeFile(file, changed);
    const refused = await verifyWithScript(file, manifestFile);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('It matches up to 2 s (2 of 4 pieces)');
    await rm(folder, { recursive: true, force: true });

    const flipped = new Uint8Array(media.rawPayload);
    flipped[2500] = (flipped[2500] ?? 0) ^ 0xff;
    expect(await verifyFileAgainstChain(flipped, manifest)).toMatchObject({ ok: false, verifiedChunks: 2 });
    const receipt: ChunkReceipt = third;
    expect(receipt.sha256).toBe(manifest.chunks[2]!.sha256);
  });

  it('answers the same recording to a repeated start, and 400 naming the field for bad input', async () => {
    const owner = await createTestUser(sut);
    const clientId = newClientId();
    const first = await startRecording(sut, owner, { clientId });
    const again = await startRecording(sut, owner, { clientId }, 200);
    expect(again.id).toBe(first.id);
    for (const [payload, field] of [
      [{ clientId: 'rec_12', type: 'video', mimeType: 'video/webm', origin: 'sos' }, 'clientId'],
      [{ clientId, type: 'video', mimeType: 'text/html', origin: 'sos' }, 'mimeType'],
      [{ clientId, type: 'photo', mimeType: 'video/webm', origin: 'sos' }, 'type'],
    ] as const) {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/recordings',
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', field });
    }
    const recording = await startRecording(sut, owner);
    const notRaw = await sut.app.inject({
      method: 'PUT',
      url: `/api/recordings/${recording.id}/chunks/0`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: { bytes: [1, 2, 3] },
    });
    expect(notRaw.statusCode).toBe(415);
    const badFinish = await sut.app.inject({
      method: 'POST',
      url: `/api/recordings/${recording.id}/finish`,
      headers: owner.headers,
      payload: { chunkCount: -1, reason: 'stopped' },
    });
    expect(badFinish.json()).toMatchObject({ error: 'validation_failed', field: 'chunkCount' });
  });

  it('keeps nothing of a piece whose connection died half-way, and takes it whole when sent again', async () => {
    const owner = await createTestUser(sut);
    const recording = await startRecording(sut, owner);
    const port = await listenLocally(sut.app);
    const connection = await openRawConnection(port);
    connection.write(
      requestHead('PUT', `/api/recordings/${recording.id}/chunks/0`, {
        ...owner.headers,
        'content-type': 'application/octet-stream',
        'content-length': '1000',
      }),
    );
    connection.write('x'.repeat(400));
    // The server has the first part when the recording's folder has a file being written.
    const folder = path.join(sut.config.dataDir, 'recordings', owner.id);
    await expect.poll(() => storedFiles(folder), { timeout: 5000 }).not.toEqual([]);
    connection.socket.destroy();
    await connection.closed;
    await expect.poll(() => storedFiles(folder), { timeout: 5000 }).toEqual([]);
    const after = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${recording.id}`,
      headers: owner.headers,
    });
    expect(after.json<Recording>()).toMatchObject({ stored_chunks: 0, bytes: 0 });

    const [part] = pieces(1);
    expect(await storePiece(sut, owner, recording.id, 0, part!)).toMatchObject({
      duplicate: false,
      contiguous_chunks: 1,
    });
    expect(await storedFiles(folder)).toHaveLength(1);
  });

  it('refuses a piece over the size limit and pieces past the recording and person caps with 413', async () => {
    const owner = await createTestUser(sut);
    const recording = await startRecording(sut, owner);
    const huge = await putPiece(sut, owner, recording.id, 0, new Uint8Array(RECORDING.maxChunkBytes + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: 'payload_too_large',
      message: RECORDING_SERVER_TEXTS.pieceTooLarge,
    });

    await sut.db.query('UPDATE recordings SET bytes = $2 WHERE id = $1', [
      recording.id,
      RECORDING.maxBytesPerRecording - 10,
    ]);
    const full = await putPiece(sut, owner, recording.id, 0, new Uint8Array(11));
    expect(full.json()).toEqual({
      error: 'payload_too_large',
      message: RECORDING_SERVER_TEXTS.recordingFull,
    });
    expect((await putPiece(sut, owner, recording.id, 0, new Uint8Array(10))).statusCode).toBe(200);

    const next = await startRecording(sut, owner);
    const used = RECORDING.maxBytesPerPerson - RECORDING.maxBytesPerRecording - 5;
    await sut.db.query('UPDATE recordings SET bytes = bytes + $2 WHERE id = $1', [recording.id, used]);
    const person = await putPiece(sut, owner, next.id, 0, new Uint8Array(6));
    expect(person.json()).toEqual({ error: 'payload_too_large', message: RECORDING_SERVER_TEXTS.personFull });
    // Another person's uploads are counted for them alone.
    const other = await createTestUser(sut);
    const theirs = await startRecording(sut, other);
    expect((await putPiece(sut, other, theirs.id, 0, new Uint8Array(6))).statusCode).toBe(200);
  });

  it('answers 404 to everyone else at every route, as for a recording that does not exist', async () => {
    const owner = await createTestUser(sut);
    const stranger = await createTestUser(sut);
    const recording = await finishedRecording(sut, owner, pieces(1));
    const id = recording.id;
    for (const [method, url] of [
      ['GET', `/api/recordings/${id}`],
      ['GET', `/api/recordings/${id}/manifest`],
      ['POST', `/api/recordings/${id}/playback`],
      ['GET', `/api/recordings/${id}/views`],
      ['DELETE', `/api/recordings/${id}`],
    ] as const) {
      const res = await sut.app.inject({ method, url, headers: stranger.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    const finishTheirs = await sut.app.inject({
      method: 'POST',
      url: `/api/recordings/${id}/finish`,
      headers: stranger.headers,
      payload: { chunkCount: 1, reason: 'stopped' },
    });
    expect(finishTheirs.statusCode).toBe(404);
    expect((await putPiece(sut, stranger, id, 1, new Uint8Array(3))).statusCode).toBe(404);
    const list = await sut.app.inject({ method: 'GET', url: '/api/recordings', headers: stranger.headers });
    expect(list.json()).toEqual({ recordings: [] });
    // Someone else's alert or escort cannot be named.
    const alerting = await createTestUserWithContacts(sut, 'Ada Alert', [{ phone: '+447400123450' }]);
    const alertId = (await raiseAlert(sut, alerting)).json<AlertDetail>().alert.id;
    await startRecording(sut, stranger, { alertId }, 404);
  });

  it('lets an active guardian read and watch, until the relationship ends (media URLs too)', async () => {
    const owner = await createTestUser(sut, 'Wendy Ward');
    const guardian = await createTestUser(sut, 'Gus Guardian');
    const relationship = await linkGuardian(sut, guardian, owner);
    const parts = pieces(2);
    const recording = await finishedRecording(sut, owner, parts);
    const got = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${recording.id}`,
      headers: guardian.headers,
    });
    expect(got.json<Recording>()).toMatchObject({ id: recording.id, owner_name: 'Wendy Ward' });
    const manifest = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${recording.id}/manifest`,
      headers: guardian.headers,
    });
    expect(manifest.statusCode).toBe(200);
    const url = await playbackUrl(sut, guardian, recording.id);
    expect((await sut.app.inject({ method: 'GET', url })).rawPayload.equals(joined(parts))).toBe(true);
    // The guardian watches, the owner too, a second later; the owner sees who, newest first.
    sut.clock.advance(1000);
    await playbackUrl(sut, owner, recording.id);
    const views = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${recording.id}/views`,
      headers: owner.headers,
    });
    expect(views.json<{ views: unknown[] }>().views).toEqual([
      expect.objectContaining({ viewer: 'owner', viewer_name: null }),
      expect.objectContaining({ viewer: 'guardian', viewer_name: 'Gus Guardian' }),
    ]);
    const guardianViews = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${recording.id}/views`,
      headers: guardian.headers,
    });
    expect(guardianViews.statusCode).toBe(404);

    await endRelationship(sut, owner, relationship.id);
    for (const url of [`/api/recordings/${recording.id}`, `/api/recordings/${recording.id}/manifest`]) {
      expect((await sut.app.inject({ method: 'GET', url, headers: guardian.headers })).statusCode).toBe(404);
    }
    expect((await sut.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a forged or expired media URL with 403', async () => {
    const owner = await createTestUser(sut);
    const recording = await finishedRecording(sut, owner, pieces(1));
    const url = new URL(await playbackUrl(sut, owner, recording.id), 'http://x');
    const forged = new URL(url);
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const res = await sut.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: RECORDING_SERVER_TEXTS.playbackInvalid });
    sut.clock.advance(RECORDING.playbackUrlMinutes * 60_000);
    const expired = await sut.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(expired.json()).toEqual({ error: 'forbidden', message: RECORDING_SERVER_TEXTS.playbackExpired });
    const bad = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${recording.id}/media?expires=soon`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'expires' });
  });

  it('serves a byte range of a sealed recording', async () => {
    const owner = await createTestUser(sut);
    const parts = pieces(3, 100);
    const recording = await finishedRecording(sut, owner, parts);
    const url = await playbackUrl(sut, owner, recording.id);
    const res = await sut.app.inject({ method: 'GET', url, headers: { range: 'bytes=50-249' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 50-249/300');
    expect(res.rawPayload.equals(joined(parts).subarray(50, 250))).toBe(true);
  });

  it('streams the pieces so far, follows new ones as they arrive and ends when the recording is sealed', async () => {
    const owner = await createTestUser(sut);
    const parts = pieces(3, 2000);
    const recording = await startRecording(sut, owner);
    await storePiece(sut, owner, recording.id, 0, parts[0]!);
    const url = await playbackUrl(sut, owner, recording.id);
    const port = await listenLocally(sut.app);
    const received: Buffer[] = [];
    let ended = false;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(`http://127.0.0.1:${port}${url}`, resolve).on('error', reject).end();
    });
    response.on('data', (chunk: Buffer) => received.push(chunk));
    response.on('end', () => (ended = true));
    expect(response.statusCode).toBe(200);
    const bytesSoFar = () => Buffer.concat(received).length;
    await expect.poll(bytesSoFar, { timeout: 5000 }).toBe(2000);

    await storePiece(sut, owner, recording.id, 2, parts[2]!); // a gap: nothing more to play yet
    await storePiece(sut, owner, recording.id, 1, parts[1]!);
    await expect.poll(bytesSoFar, { timeout: 5000 }).toBe(6000);
    expect(ended).toBe(false);
    await finish(sut, owner, recording.id, 3);
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
    expect(Buffer.concat(received).equals(joined(parts))).toBe(true);
  });

  it('cuts off a recording no piece reached for a while, signing what arrived up to the first gap', async () => {
    const owner = await createTestUser(sut);
    const parts = pieces(3);
    const recording = await startRecording(sut, owner);
    await storePiece(sut, owner, recording.id, 0, parts[0]!);
    await storePiece(sut, owner, recording.id, 2, parts[2]!);
    const lastPieceAt = sut.clock.now();
    // The job runs every CUT_OFF_EVERY_MS: it looks just before the cut-off, and once more after it.
    sut.clock.advance(RECORDING.cutOffAfterSeconds * 1000 - 1);
    await sut.app.scheduler.runNow(CUT_OFF_JOB);
    const fresh = await signInAgain(sut, owner);
    const get = async () =>
      (
        await sut.app.inject({
          method: 'GET',
          url: `/api/recordings/${recording.id}`,
          headers: fresh.headers,
        })
      ).json<Recording>();
    expect((await get()).status).toBe('recording');
    sut.clock.advance(CUT_OFF_EVERY_MS);
    await sut.app.scheduler.runNow(CUT_OFF_JOB);
    expect(await get()).toMatchObject({
      status: 'cut_off',
      signed: true,
      contiguous_chunks: 1,
      stored_chunks: 2,
      ended_at: lastPieceAt.toISOString(),
      delete_at: new Date(lastPieceAt.getTime() + RECORDING.retentionHours * 3_600_000).toISOString(),
    });
    const manifest = (
      await sut.app.inject({
        method: 'GET',
        url: `/api/recordings/${recording.id}/manifest`,
        headers: fresh.headers,
      })
    ).json<RecordingManifest>();
    expect(manifest).toMatchObject({ status: 'cut_off', chunks: [{ seq: 0 }] });
    expect(await verifyManifestSignature(manifest)).toBe(true);
    expect((await putPiece(sut, fresh, recording.id, 1, parts[1]!)).statusCode).toBe(409);
  });

  it('deletes a recording, its stored pieces and its rows, a retention period after it ended', async () => {
    const owner = await createTestUser(sut);
    const recording = await finishedRecording(sut, owner, pieces(2));
    const folder = path.join(sut.config.dataDir, 'recordings', owner.id);
    expect(await storedFiles(folder)).toHaveLength(2);
    expect(Date.parse(recording.delete_at) - Date.parse(recording.ended_at!)).toBe(
      RECORDING.retentionHours * 3_600_000,
    );
    sut.clock.advance(RECORDING.retentionHours * 3_600_000 - 1);
    await sut.app.scheduler.runNow(RETENTION_JOB);
    expect(await storedFiles(folder)).toHaveLength(2);
    sut.clock.advance(RETENTION_EVERY_MS);
    await sut.app.scheduler.runNow(RETENTION_JOB);
    expect(await storedFiles(folder)).toEqual([]);
    const { rows } = await sut.db.query('SELECT 1 FROM recording_chunks WHERE recording_id = $1', [
      recording.id,
    ]);
    expect(rows).toEqual([]);
    const fresh = await signInAgain(sut, owner);
    expect(
      (
        await sut.app.inject({
          method: 'GET',
          url: `/api/recordings/${recording.id}`,
          headers: fresh.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes a recording at once when its owner asks, and every recording with the account', async () => {
    const person = await signUpViaApi(sut, { fullName: 'Dee Leted' });
    const owner: TestUser = {
      id: person.id,
      email: person.email,
      token: person.session.access_token,
      headers: person.headers,
    };
    const first = await finishedRecording(sut, owner, pieces(1));
    await finishedRecording(sut, owner, pieces(2));
    const folder = path.join(sut.config.dataDir, 'recordings', owner.id);
    expect(await storedFiles(folder)).toHaveLength(3);
    const removed = await sut.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${first.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedFiles(folder)).toHaveLength(2);

    const deleted = await sut.app.inject({
      method: 'DELETE',
      url: '/api/auth/user',
      headers: owner.headers,
      payload: { confirmation: 'DELETE', current_password: person.password },
    });
    expect(deleted.statusCode).toBe(204);
    await sut.app.idle();
    expect(await storedFiles(folder)).toEqual([]);
    const { rows } = await sut.db.query('SELECT 1 FROM recordings WHERE user_id = $1', [owner.id]);
    expect(rows).toEqual([]);
    const { rows: jobs } = await sut.db.query<{ status: string }>(
      'SELECT status FROM scheduled_jobs WHERE kind = $1 AND key = $2',
      [PURGE_JOB, owner.id],
    );
    expect(jobs).toEqual([{ status: 'done' }]);
  });
});

describe('recordings: guardians told, share links', () => {
  let sut: TestAppWithPush;
  let push: FakePushService;
  beforeAll(async () => {
    sut = await createTestAppWithPush();
    push = sut.push;
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('tells the person and their guardians when a recording starts during an alert, is sealed and is deleted', async () => {
    const owner = await createTestUserWithContacts(sut, 'Tess Told', [{ phone: '+447400123451' }]);
    const guardian = await createTestUser(sut, 'Gina Guardian');
    await linkGuardian(sut, guardian, owner);
    const browser = browserKeys();
    const subscribed = await sut.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: guardian.headers,
      payload: { endpoint: push.url(`/${guardian.id}`), keys: browser.keys, expirationTime: null },
    });
    expect(subscribed.statusCode).toBe(204);
    const socket = await openSocket(sut.app, { user: guardian });
    const alertId = (await raiseAlert(sut, owner)).json<AlertDetail>().alert.id;

    const recording = await startRecording(sut, owner, { alertId, origin: 'sos' });
    await socket.waitFor((m) => m.type === 'recording.updated' && m.payload.status === 'recording');
    await sut.app.idle();
    const pushed = push.received
      .filter((item) => item.path === `/${guardian.id}`)
      .map((item) => JSON.parse(decryptPush(item.body, browser)) as PushPayload);
    expect(pushed).toContainEqual(
      expect.objectContaining({
        title: RECORDING_SERVER_TEXTS.pushTitle('Tess Told'),
        tag: `recording-${recording.id}`,
      }),
    );
    await storePiece(sut, owner, recording.id, 0, pieces(1)[0]!);
    await finish(sut, owner, recording.id, 1);
    await socket.waitFor((m) => m.type === 'recording.updated' && m.payload.status === 'finished');
    await sut.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${recording.id}`,
      headers: owner.headers,
    });
    await socket.waitFor((m) => m.type === 'recording.updated' && m.payload.deleted);
    socket.close();

    // An escort of someone else's cannot be named; one's own can.
    const escort = await startEscort(sut, owner);
    await startRecording(sut, owner, { escortSessionId: escort.id, origin: 'escort' });
  });

  const track = async (code: string): Promise<TrackResponse> => {
    const res = await sut.app.inject({ method: 'GET', url: `/api/track/${code}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TrackResponse>();
  };

  it('plays an SOS’s recordings through the link its text carried, while that SOS is active', async () => {
    const owner = await createTestUserWithContacts(sut, 'Lia Linked', [{ phone: '+447400123452' }]);
    const clientId = newClientId();
    const raised = await raiseAlert(sut, owner, { triggerType: 'manual', recordingId: clientId });
    const alertId = raised.json<AlertDetail>().alert.id;
    const { rows } = await sut.db.query<{ body: string }>(
      "SELECT body FROM alert_deliveries WHERE alert_id = $1 AND channel = 'sms'",
      [alertId],
    );
    const code = /\/track\/([0-9a-f-]{36})/.exec(rows[0]!.body)![1]!;
    const parts = pieces(2);
    const raisedWith = await finishedRecording(sut, owner, parts, { clientId, origin: 'sos' });
    const linked = await finishedRecording(sut, owner, pieces(1), { alertId });
    const unrelated = await finishedRecording(sut, owner, pieces(1), { origin: 'escort' });

    expect((await track(code)).recordings.map((r) => r.id).sort()).toEqual([raisedWith.id, linked.id].sort());
    const playback = await sut.app.inject({
      method: 'POST',
      url: `/api/track/${code}/recordings/${raisedWith.id}/playback`,
    });
    expect(playback.statusCode).toBe(200);
    const media = await sut.app.inject({ method: 'GET', url: playback.json<PlaybackResponse>().media_url });
    expect(media.rawPayload.equals(joined(parts))).toBe(true);
    const manifest = await sut.app.inject({
      method: 'GET',
      url: `/api/track/${code}/recordings/${linked.id}/manifest`,
    });
    expect(await verifyManifestSignature(manifest.json<RecordingManifest>())).toBe(true);
    for (const url of [
      `/api/track/${code}/recordings/${unrelated.id}/manifest`,
      `/api/track/00000000-0000-4000-8000-000000000000/recordings/${linked.id}/manifest`,
    ]) {
      expect((await sut.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const views = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${raisedWith.id}/views`,
      headers: owner.headers,
    });
    expect(views.json<{ views: unknown[] }>().views).toEqual([
      expect.objectContaining({ viewer: 'share_link' }),
    ]);

    // "I'm safe" ends what the SOS text exposes: its recordings too.
    await resolveAlert(sut, owner, alertId);
    expect((await track(code)).recordings).toEqual([]);
    expect(
      (await sut.app.inject({ method: 'GET', url: `/api/track/${code}/recordings/${linked.id}/manifest` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await sut.app.inject({ method: 'GET', url: playback.json<PlaybackResponse>().media_url })).statusCode,
    ).toBe(404);
  });

  it('plays through a link the person shared the recordings made while it is live, until it is revoked or expires', async () => {
    const owner = await createTestUser(sut, 'Sasha Shared');
    const before = await finishedRecording(sut, owner, pieces(1));
    sut.clock.advance(1000);
    const created = await sut.app.inject({ method: 'POST', url: '/api/share-links', headers: owner.headers });
    const link = created.json<ShareLink>();
    sut.clock.advance(1000);
    const during = await finishedRecording(sut, owner, pieces(1));
    expect((await track(link.share_code)).recordings.map((r) => r.id)).toEqual([during.id]);
    const path = (id: string) => `/api/track/${link.share_code}/recordings/${id}/playback`;
    expect((await sut.app.inject({ method: 'POST', url: path(before.id) })).statusCode).toBe(404);
    const granted = await sut.app.inject({ method: 'POST', url: path(during.id) });
    expect(granted.statusCode).toBe(200);

    const other = (
      await sut.app.inject({ method: 'POST', url: '/api/share-links', headers: owner.headers })
    ).json<ShareLink>();
    await sut.app.inject({ method: 'DELETE', url: `/api/share-links/${link.id}`, headers: owner.headers });
    const revoked = await sut.app.inject({ method: 'POST', url: path(during.id) });
    expect(revoked.json()).toMatchObject({ error: 'link_inactive' });
    expect(
      (await sut.app.inject({ method: 'GET', url: granted.json<PlaybackResponse>().media_url })).statusCode,
    ).toBe(410);

    sut.clock.advance(24 * 3_600_000);
    const expired = await sut.app.inject({
      method: 'POST',
      url: `/api/track/${other.share_code}/recordings/${during.id}/playback`,
    });
    expect(expired.json()).toMatchObject({ error: 'link_expired' });
  });
});

describe('recordings in an S3-compatible bucket (S3_* set), against a local s3rver', () => {
  let sut: TestApp;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  beforeAll(async () => {
    s3 = await startLocalS3();
    sut = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await sut?.close();
    await s3?.close();
  });

  const objectsOf = async (userId: string): Promise<string[]> => {
    const client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET, Prefix: `${userId}/recordings/` }),
    );
    client.destroy();
    return (page.Contents ?? []).map((object) => object.Key!);
  };

  it('stores each piece under the person’s prefix, plays and verifies the whole, and deletes it', async () => {
    const owner = await createTestUser(sut);
    const parts = pieces(3, 50_000);
    const recording = await finishedRecording(sut, owner, parts, { type: 'audio', mimeType: 'audio/webm' });
    const keys = await objectsOf(owner.id);
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatch(
        new RegExp(`^${owner.id}/recordings/emergency-audio-${recording.client_id}/0000[0-2]\\.[0-9a-f]{8}$`),
      );
    }
    const media = await sut.app.inject({ method: 'GET', url: await playbackUrl(sut, owner, recording.id) });
    expect(media.rawPayload.equals(joined(parts))).toBe(true);
    const manifest = await sut.app.inject({
      method: 'GET',
      url: `/api/recordings/${recording.id}/manifest`,
      headers: owner.headers,
    });
    expect(
      await verifyFileAgainstChain(new Uint8Array(media.rawPayload), manifest.json<RecordingManifest>()),
    ).toMatchObject({
      ok: true,
      verifiedChunks: 3,
    });
    const removed = await sut.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${recording.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await objectsOf(owner.id)).toEqual([]);
  });
});
