import { chainLink, chainSeed, sha256Hex, signedManifestText } from '#shared/recording-chain';
import type { Recording, RecordingManifest } from '#shared/schemas/recording';
import type { FakeRoute, RecordedRequest } from './fake-api';

export const RECORDING_ID = '00000009-0000-4000-8000-000000000001';

/** The server's answers to a recording's upload: the start, pieces 0 … count − 1, the finish. */
export function recordingUploadRoutes(count = 320, id = RECORDING_ID): FakeRoute[] {
  return [
    { method: 'POST', path: '/api/recordings', status: 201, body: fakeRecording({ id }) },
    ...Array.from({ length: count }, (_, seq) => ({
      method: 'PUT',
      path: `/api/recordings/${id}/chunks/${seq}`,
      body: { seq, bytes: 3, sha256: 'a'.repeat(64), duplicate: false, contiguous_chunks: seq + 1 },
    })),
    { method: 'POST', path: `/api/recordings/${id}/finish`, body: fakeRecording({ id, status: 'finished' }) },
  ];
}

/** The upload requests in the order the phone made them: `start`, `piece <seq>`, `finish`. */
export function uploadSteps(requests: RecordedRequest[]): string[] {
  return requests.flatMap((request) => {
    if (request.method === 'POST' && request.path === '/api/recordings') return ['start'];
    const piece = /^\/api\/recordings\/[^/]+\/chunks\/(\d+)$/.exec(request.path);
    if (request.method === 'PUT' && piece) return [`piece ${piece[1]}`];
    if (request.method === 'POST' && request.path.endsWith('/finish')) return ['finish'];
    return [];
  });
}

export function fakeRecording(overrides: Partial<Recording> = {}): Recording {
  return {
    id: RECORDING_ID,
    client_id: 'rec_1767268800000',
    user_id: '00000001-0000-4000-8000-000000000001',
    owner_name: 'Ada Lovelace',
    type: 'video',
    mime_type: 'video/webm',
    origin: 'sos',
    alert_id: null,
    escort_session_id: null,
    status: 'recording',
    contiguous_chunks: 0,
    stored_chunks: 0,
    declared_chunks: null,
    bytes: 0,
    started_at: '2026-01-01T12:00:00.000Z',
    last_chunk_at: null,
    ended_at: null,
    delete_at: '2026-01-02T12:00:00.000Z',
    signed: false,
    ...overrides,
  };
}

/**
 * A manifest for `pieces` built with the shared chain functions, signed like the server signs it (a fresh
 * Ed25519 key), or unsigned with `signed: false`.
 */
export async function signedManifest(
  pieces: Uint8Array[],
  { id = RECORDING_ID, signed = true, status = 'finished' as RecordingManifest['status'] } = {},
): Promise<RecordingManifest> {
  let previous = await chainSeed(id);
  const chunks: RecordingManifest['chunks'] = [];
  for (const [seq, piece] of pieces.entries()) {
    const sha256 = await sha256Hex(piece);
    previous = await chainLink(previous, seq, piece.length, sha256);
    chunks.push({
      seq,
      bytes: piece.length,
      sha256,
      chain: previous,
      received_at: '2026-01-01T12:00:01.000Z',
    });
  }
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const manifest: RecordingManifest = {
    recording_id: id,
    user_id: '00000001-0000-4000-8000-000000000001',
    type: 'video',
    mime_type: 'video/webm',
    started_at: '2026-01-01T12:00:00.000Z',
    ended_at: status === 'recording' ? null : '2026-01-01T12:00:03.000Z',
    status,
    chunks,
    chain_head: chunks.length ? previous : null,
    signature: null,
    public_key: `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----\n`,
  };
  if (!signed) return manifest;
  const signature = new Uint8Array(
    await crypto.subtle.sign(
      { name: 'Ed25519' },
      keys.privateKey,
      new TextEncoder().encode(signedManifestText(manifest)),
    ),
  );
  return { ...manifest, signature: btoa(String.fromCharCode(...signature)) };
}
