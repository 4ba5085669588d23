/** Helpers for the recordings tests and the authorization world (not a test file itself). */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  ChunkReceipt,
  PlaybackResponse,
  Recording,
  StartRecordingRequest,
} from '#shared/schemas/recording';
import type { TestApp } from '../../testing/test-app';

type Caller = { headers: { authorization: string } };

let clientIds = 0;
/** A `rec_…` name no other recording of the run has. */
export function newClientId(): string {
  clientIds += 1;
  return `rec_${String(1_764_000_000_000 + clientIds * 1000 + Math.floor(Math.random() * 1000))}`;
}

/** Starts a video recording as `caller` (201 expected unless told otherwise). */
export async function startRecording(
  sut: TestApp,
  caller: Caller,
  input: Partial<StartRecordingRequest> = {},
  status = 201,
): Promise<Recording> {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/recordings',
    headers: caller.headers,
    payload: {
      clientId: newClientId(),
      type: 'video',
      mimeType: 'video/webm;codecs=vp8,opus',
      origin: 'active_alert',
      ...input,
    },
  });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<Recording>();
}

/** Sends one piece as raw bytes. */
export function putPiece(
  sut: TestApp,
  caller: Caller,
  recordingId: string,
  seq: number,
  bytes: Uint8Array,
): Promise<LightMyRequestResponse> {
  return sut.app.inject({
    method: 'PUT',
    url: `/api/recordings/${recordingId}/chunks/${seq}`,
    headers: { ...caller.headers, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(bytes),
  });
}

export async function storePiece(
  sut: TestApp,
  caller: Caller,
  recordingId: string,
  seq: number,
  bytes: Uint8Array,
): Promise<ChunkReceipt> {
  const res = await putPiece(sut, caller, recordingId, seq, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChunkReceipt>();
}

export async function finish(
  sut: TestApp,
  caller: Caller,
  recordingId: string,
  chunkCount: number,
): Promise<Recording> {
  const res = await sut.app.inject({
    method: 'POST',
    url: `/api/recordings/${recordingId}/finish`,
    headers: caller.headers,
    payload: { chunkCount, reason: 'stopped' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Recording>();
}

export async function playbackUrl(sut: TestApp, caller: Caller, recordingId: string): Promise<string> {
  const res = await sut.app.inject({
    method: 'POST',
    url: `/api/recordings/${recordingId}/playback`,
    headers: caller.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PlaybackResponse>().media_url;
}

/** Pieces of recognisable random bytes. */
export function pieces(count: number, size = 1000): Uint8Array[] {
  return Array.from({ length: count }, () => new Uint8Array(randomBytes(size)));
}

/** A recording with `parts` stored and finished (sealed). */
export async function finishedRecording(
  sut: TestApp,
  caller: Caller,
  parts: Uint8Array[],
  input: Partial<StartRecordingRequest> = {},
): Promise<Recording> {
  const recording = await startRecording(sut, caller, input);
  for (const [seq, part] of parts.entries()) await storePiece(sut, caller, recording.id, seq, part);
  return finish(sut, caller, recording.id, parts.length);
}

export const joined = (parts: readonly Uint8Array[]): Buffer =>
  Buffer.concat(parts.map((p) => Buffer.from(p)));

/** Opens a media URL as a stream (200) and reads it; `ended` resolves once the server ends it. */
export async function watchMedia(sut: TestApp, mediaUrl: string): Promise<{ ended: Promise<void> }> {
  const media = await sut.app.inject({ method: 'GET', url: mediaUrl, payloadAsStream: true });
  expect(media.statusCode).toBe(200);
  const stream = media.stream();
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', reject);
    stream.resume();
  });
  return { ended };
}
