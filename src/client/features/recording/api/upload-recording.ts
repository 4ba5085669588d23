import { z } from 'zod';
import { IdSchema } from '#shared/schemas/common';
import {
  ChunkReceiptSchema,
  type ChunkReceipt,
  type FinishRecordingRequest,
  type StartRecordingRequest,
} from '#shared/schemas/recording';
import { apiRequest, noContent } from '../../../lib/api-client';

/** Only the id is needed: the rest of the answer (the recording) is not the upload's business. */
const StartedSchema = z.object({ id: IdSchema });

/**
 * The three calls that put a recording on the server, in this order: the start (idempotent on `clientId`: a
 * retried start answers the recording it already made), each piece (the same bytes again answer `duplicate`),
 * and the finish. The device outbox makes them (api/recording-outbox.ts).
 */
export function startRecording(request: StartRecordingRequest): Promise<{ id: string }> {
  return apiRequest('/api/recordings', { method: 'POST', body: request, schema: StartedSchema });
}

export function uploadPiece(recordingId: string, seq: number, bytes: ArrayBuffer): Promise<ChunkReceipt> {
  return apiRequest(`/api/recordings/${encodeURIComponent(recordingId)}/chunks/${seq}`, {
    method: 'PUT',
    rawBody: bytes,
    schema: ChunkReceiptSchema,
  });
}

export function finishRecording(recordingId: string, request: FinishRecordingRequest): Promise<void> {
  return apiRequest(`/api/recordings/${encodeURIComponent(recordingId)}/finish`, {
    method: 'POST',
    body: request,
    schema: noContent,
  });
}
