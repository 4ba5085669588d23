import {
  PlaybackResponseSchema,
  RecordingManifestSchema,
  type PlaybackResponse,
  type RecordingManifest,
} from '#shared/schemas/recording';
import { apiRequest } from '../../../lib/api-client';

/**
 * Who is asking to watch: the signed-in owner or guardian (their token says who), or someone holding a share
 * link (its code is the permission; no sign-in). The same player and Verify serve both.
 */
export type RecordingSource = { kind: 'account' } | { kind: 'share'; shareCode: string };

function basePath(source: RecordingSource, id: string): string {
  const recording = encodeURIComponent(id);
  return source.kind === 'account'
    ? `/api/recordings/${recording}`
    : `/api/track/${encodeURIComponent(source.shareCode)}/recordings/${recording}`;
}

/** A short-lived signed URL a media element can use (it cannot send a bearer token). Each one is a logged view. */
export function requestPlayback(source: RecordingSource, id: string): Promise<PlaybackResponse> {
  return apiRequest(`${basePath(source, id)}/playback`, {
    method: 'POST',
    schema: PlaybackResponseSchema,
    auth: source.kind === 'account',
  });
}

/** The hash chain the server kept as each piece arrived, its signature and the server's public key. */
export function getManifest(source: RecordingSource, id: string): Promise<RecordingManifest> {
  return apiRequest(`${basePath(source, id)}/manifest`, {
    schema: RecordingManifestSchema,
    auth: source.kind === 'account',
  });
}

export const playbackKeys = {
  url: (source: RecordingSource, id: string) =>
    ['recording-playback', source.kind === 'share' ? source.shareCode : 'account', id] as const,
};
