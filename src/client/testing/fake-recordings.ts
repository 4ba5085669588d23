import type { FakeRoute, RecordedRequest } from './fake-api';
import type { Recording } from '#shared/schemas/recording';

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
