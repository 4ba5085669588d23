import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECORDING_SERVER_TEXTS as TEXTS } from '#shared/recording-server-texts';
import { IdParamsSchema } from '#shared/schemas/common';
import {
  ChunkReceiptSchema,
  FinishRecordingRequestSchema,
  PlaybackResponseSchema,
  RecordingChunkParamsSchema,
  RecordingListResponseSchema,
  RecordingManifestSchema,
  RecordingMediaQuerySchema,
  RecordingSchema,
  RecordingViewListResponseSchema,
  StartRecordingRequestSchema,
  TrackRecordingParamsSchema,
} from '#shared/schemas/recording';
import { AppError } from '../../http/app-error';
import { callerOf } from '../../http/access';
import type { RecordingService } from './service';

/** The raw bytes of a piece, kept out of reach of the hooks that walk a parsed body (they never read them). */
class PieceBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
    // The client may go away before the handler reads a byte (while it waits for its turn or the database):
    // whoever reads it then sees the stream cut short; the error itself must not go unheard.
    stream.on('error', () => undefined);
  }
  get stream(): Readable {
    return this.#stream;
  }
}

/** Where a playback request came from: the address as TRUST_PROXY decides it (never a header alone). */
const seenFrom = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const PieceHeadersSchema = z.looseObject({
  'content-length': z.coerce.number({ error: TEXTS.lengthRequired }).int().min(0),
});

/**
 * The recordings routes (/api/recordings and the share-link routes under /api/track/:shareCode/recordings).
 * Thin: each handler is one service call. Pieces and media are the media lane (http/admission.ts).
 */
export const recordingRoutes =
  (service: RecordingService): FastifyPluginAsyncZod =>
  async (app) => {
    // Only in this plugin: a piece's body is handed to the handler as the request stream, unread.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
      done(null, new PieceBody(payload));
    });

    app.post(
      '/api/recordings',
      {
        config: { access: 'signed-in' },
        schema: {
          body: StartRecordingRequestSchema,
          response: { 200: RecordingSchema, 201: RecordingSchema },
        },
      },
      async (request, reply) => {
        const { recording, created } = await service.start(callerOf(request), request.body);
        return reply.status(created ? 201 : 200).send(recording);
      },
    );

    app.get(
      '/api/recordings',
      { config: { access: 'signed-in' }, schema: { response: { 200: RecordingListResponseSchema } } },
      async (request) => ({ recordings: await service.list(callerOf(request)) }),
    );

    app.put(
      '/api/recordings/:id/chunks/:seq',
      {
        config: {
          access: 'signed-in',
          media: true,
          errors: ['conflict', 'payload_too_large', 'unsupported_media_type'],
        },
        schema: {
          params: RecordingChunkParamsSchema,
          headers: PieceHeadersSchema,
          consumes: ['application/octet-stream'],
          response: { 200: ChunkReceiptSchema },
        },
      },
      async (request) => {
        const body: unknown = request.body;
        if (!(body instanceof PieceBody)) throw new AppError('unsupported_media_type', TEXTS.notRaw);
        try {
          return await service.uploadPiece(callerOf(request), {
            recordingId: request.params.id,
            seq: request.params.seq,
            body: body.stream,
            bytes: request.headers['content-length'],
          });
        } catch (error) {
          // The client went away half-way: nobody is left to answer, and nothing was stored.
          if (request.raw.destroyed && !(error instanceof AppError)) {
            throw new AppError('validation_failed', TEXTS.incomplete, { field: 'body' });
          }
          throw error;
        }
      },
    );

    app.post(
      '/api/recordings/:id/finish',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: {
          params: IdParamsSchema,
          body: FinishRecordingRequestSchema,
          response: { 200: RecordingSchema },
        },
      },
      (request) => service.finish(callerOf(request), request.params.id, request.body),
    );

    app.get(
      '/api/recordings/:id',
      {
        config: { access: 'signed-in' },
        schema: { params: IdParamsSchema, response: { 200: RecordingSchema } },
      },
      (request) => service.get(callerOf(request), request.params.id),
    );

    app.get(
      '/api/recordings/:id/manifest',
      {
        config: { access: 'signed-in' },
        schema: { params: IdParamsSchema, response: { 200: RecordingManifestSchema } },
      },
      (request) => service.manifest(callerOf(request), request.params.id),
    );

    app.post(
      '/api/recordings/:id/playback',
      {
        config: { access: 'signed-in' },
        schema: { params: IdParamsSchema, response: { 200: PlaybackResponseSchema } },
      },
      (request) => service.playback(callerOf(request), request.params.id, seenFrom(request)),
    );

    app.get(
      '/api/recordings/:id/media',
      {
        // The signed URL is the permission: a media element cannot send a bearer token.
        config: { access: 'public', media: true, errors: ['forbidden', 'link_expired', 'link_inactive'] },
        schema: { params: IdParamsSchema, querystring: RecordingMediaQuerySchema },
      },
      async (request, reply) => {
        const clientGone = new AbortController();
        reply.raw.once('close', () => clientGone.abort());
        const answer = await service.media(
          { id: request.params.id, ...request.query },
          request.headers.range,
          clientGone.signal,
        );
        return reply.status(answer.status).headers(answer.headers).send(answer.body);
      },
    );

    app.get(
      '/api/recordings/:id/views',
      {
        config: { access: 'signed-in' },
        schema: { params: IdParamsSchema, response: { 200: RecordingViewListResponseSchema } },
      },
      async (request) => ({ views: await service.views(callerOf(request), request.params.id) }),
    );

    app.delete(
      '/api/recordings/:id',
      { config: { access: 'signed-in' }, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        await service.remove(callerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/track/:shareCode/recordings/:id/manifest',
      {
        config: { access: 'public', errors: ['link_expired', 'link_inactive'] },
        schema: { params: TrackRecordingParamsSchema, response: { 200: RecordingManifestSchema } },
      },
      (request) => service.trackManifest(request.params.shareCode, request.params.id),
    );

    app.post(
      '/api/track/:shareCode/recordings/:id/playback',
      {
        config: { access: 'public', errors: ['link_expired', 'link_inactive'] },
        schema: { params: TrackRecordingParamsSchema, response: { 200: PlaybackResponseSchema } },
      },
      (request) => service.trackPlayback(request.params.shareCode, request.params.id, seenFrom(request)),
    );
  };
