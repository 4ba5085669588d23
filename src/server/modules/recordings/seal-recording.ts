import { chainLink, chainSeed, signedManifestText } from '#shared/recording-chain';
import type { RecordingManifest, RecordingStatus } from '#shared/schemas/recording';
import type { Queryable } from '../../db/database';
import type { RecordingKeys } from './recording-keys';
import { deletionTime } from './recording-view';
import * as repo from './repository';

/**
 * The manifest of a recording as it stands: its pieces without a gap from seq 0, each with its hash and link of
 * the chain (`#shared/recording-chain`, the one way the chain is computed), unsigned. Pieces after the first gap
 * are stored but not in the chain: nothing after a missing second can be vouched for as following it.
 */
export async function manifestOf(
  db: Queryable,
  row: repo.RecordingRow,
  publicKeyPem: string,
  end: { status: RecordingStatus; endedAt: Date | null } = { status: row.status, endedAt: row.ended_at },
): Promise<RecordingManifest> {
  const pieces = await repo.listChunks(db, row.id, 0, row.contiguous_chunks);
  let previous = await chainSeed(row.id);
  const chunks: RecordingManifest['chunks'] = [];
  for (const piece of pieces) {
    previous = await chainLink(previous, piece.seq, piece.bytes, piece.sha256);
    chunks.push({
      seq: piece.seq,
      bytes: piece.bytes,
      sha256: piece.sha256,
      chain: previous,
      received_at: piece.received_at.toISOString(),
    });
  }
  return {
    recording_id: row.id,
    user_id: row.user_id,
    type: row.type,
    mime_type: row.mime_type,
    started_at: row.started_at.toISOString(),
    ended_at: end.endedAt?.toISOString() ?? null,
    status: end.status,
    chunks,
    chain_head: chunks.length > 0 ? previous : null,
    signature: null,
    public_key: publicKeyPem,
  };
}

/**
 * Seals a recording still open, inside the caller's transaction (which holds the recording's row lock): its status
 * (`finished` when the phone said how many pieces it made and all of them are in, else `cut_off`), its end, when
 * it is deleted, and the manifest signed with the server's Ed25519 key. Undefined when it was sealed already.
 */
export async function sealRecording(
  tx: Queryable,
  deps: { keys: RecordingKeys; retentionHours: number },
  row: repo.RecordingRow,
  now: Date,
): Promise<repo.RecordingRow | undefined> {
  if (row.status !== 'recording') return undefined;
  const complete = row.declared_chunks !== null && row.contiguous_chunks >= row.declared_chunks;
  const status: RecordingStatus = complete ? 'finished' : 'cut_off';
  // A recording cut off ended when its last piece arrived, not when the server noticed.
  const endedAt = complete ? now : (row.last_chunk_at ?? row.started_at);
  const unsigned = await manifestOf(tx, row, deps.keys.publicKeyPem, { status, endedAt });
  const manifest = { ...unsigned, signature: deps.keys.signManifest(signedManifestText(unsigned)) };
  return repo.sealRecording(tx, row.id, {
    status,
    endedAt,
    deleteAt: deletionTime(endedAt, deps.retentionHours),
    manifest,
  });
}
