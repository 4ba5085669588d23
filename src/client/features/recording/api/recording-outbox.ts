import { z } from 'zod';
import { RECORDING } from '#shared/constants';
import {
  FinishRecordingRequestSchema,
  RecordingClientIdSchema,
  StartRecordingRequestSchema,
  type ChunkReceipt,
} from '#shared/schemas/recording';
import { ApiError, isClientError } from '../../../lib/api-client';
import { deviceOutbox } from '../../../lib/outbox/device-outbox';
import type { Outbox } from '../../../lib/outbox/outbox';
import type { OutboxKind, OutboxOutcome } from '../../../lib/outbox/outbox-item';
import { rememberServerId, serverIdOf } from './recording-server-ids';
import { finishRecording, startRecording, uploadPiece } from './upload-recording';

/** Stored bytes: an ArrayBuffer (IndexedDB keeps it in every browser, where a stored Blob is not always readable). */
const BytesSchema = z.custom<ArrayBuffer>(
  (value) => Object.prototype.toString.call(value) === '[object ArrayBuffer]',
);

/**
 * One step of uploading a recording, in the order it must reach the server: the start, each piece, the finish.
 * A piece names its recording by the phone's id: the server's is known once the start has gone through.
 */
const RecordingStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('start'), request: StartRecordingRequestSchema }),
  z.object({
    step: z.literal('piece'),
    clientId: RecordingClientIdSchema,
    seq: z.int().min(0),
    bytes: BytesSchema,
  }),
  z.object({
    step: z.literal('finish'),
    clientId: RecordingClientIdSchema,
    request: FinishRecordingRequestSchema,
  }),
]);
export type RecordingStep = z.infer<typeof RecordingStepSchema>;

/** A piece whose start the server never accepted (refused for good, or this phone's storage was cleared). */
export class RecordingNotStarted extends Error {}

async function send(step: RecordingStep): Promise<ChunkReceipt | null> {
  if (step.step === 'start') {
    const started = await startRecording(step.request);
    rememberServerId(step.request.clientId, started.id);
    return null;
  }
  const id = serverIdOf(step.clientId);
  if (!id) throw new RecordingNotStarted(step.clientId);
  if (step.step === 'piece') return uploadPiece(id, step.seq, step.bytes);
  await finishRecording(id, step.request);
  return null;
}

/**
 * Several recordings' worth of steps may wait (RECORDING.maxChunksPerRecording pieces, a start and a finish
 * each): a recording made offline is never cut short by the cap. Beyond it the oldest steps go.
 */
const MAX_WAITING_RECORDINGS = 4;

/**
 * Recordings in the device outbox: one step per send, oldest recording first and, inside a recording, start,
 * pieces in order, finish (the item ids sort that way and share the recording's start time, see `stepId`). A
 * failure that may pass (no network, a 5xx, 429, an expired token) stops the kind until the retry rule's next try,
 * so nothing overtakes a waiting piece; a repeated piece is harmless (the server answers `duplicate`). A refusal
 * for good (a 4xx: the recording was deleted, a piece conflicts, too large) drops that step. Kept past an
 * explicit sign-out like an alert: it is evidence of an emergency, and goes when its person signs in again.
 */
export const recordingOutboxKind: OutboxKind<RecordingStep, ChunkReceipt | null> = {
  name: 'recording',
  schema: RecordingStepSchema,
  batchSize: 1,
  maxItems: MAX_WAITING_RECORDINGS * (RECORDING.maxChunksPerRecording + 2),
  discardOnSignOut: false,
  send: async ([item]) => {
    if (!item) throw new Error('A recording batch holds one step');
    return send(item.payload);
  },
  isPermanentFailure: (error) =>
    error instanceof RecordingNotStarted ||
    (isClientError(error) && !(error instanceof ApiError && error.status === 401)),
};

/**
 * The item id: the recording's id, then 0 for the start, 1 and the zero-padded sequence for a piece, 2 for the
 * finish, so ids sort in sending order. Every step of a recording is queued with the recording's start time.
 */
export function stepId(clientId: string, step: RecordingStep): string {
  if (step.step === 'start') return `${clientId}/0`;
  if (step.step === 'piece') return `${clientId}/1-${String(step.seq).padStart(3, '0')}`;
  return `${clientId}/2`;
}

/** Whether a waiting item id is one of this recording's pieces. */
export function isPieceOf(clientId: string, itemId: string): boolean {
  return itemId.startsWith(`${clientId}/1-`);
}

/** The recording's start time in ms, from its id (`rec_<ms>`). */
export function clientIdTime(clientId: string): number {
  return Number(clientId.slice('rec_'.length));
}

export function queueRecordingStep(ownerId: string, clientId: string, step: RecordingStep): Promise<void> {
  return deviceOutbox.enqueue(recordingOutboxKind, {
    id: stepId(clientId, step),
    ownerId,
    payload: step,
    createdAt: clientIdTime(clientId),
  });
}

/** What a send did, for the recorder's progress: told by the tab that sent. */
export type RecordingUploadListener = (outcome: OutboxOutcome<RecordingStep, ChunkReceipt | null>) => void;

const listeners = new Set<RecordingUploadListener>();

export function onRecordingUpload(listener: RecordingUploadListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets the outbox send recordings (the app's outbox runner calls it once the recording code has loaded). */
export function registerRecordingOutbox(outbox: Outbox = deviceOutbox): () => void {
  return outbox.register(recordingOutboxKind, (outcome) => {
    for (const listener of [...listeners]) listener(outcome);
  });
}
