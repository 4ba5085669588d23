import type { Recording } from '#shared/schemas/recording';
import type { RecordingRow } from './repository';

/** A recording as the API answers it; `ownerName` is the owner's (a guardian or a link holder sees it). */
export function toRecording(row: RecordingRow, ownerName: string): Recording {
  return {
    id: row.id,
    client_id: row.client_id,
    user_id: row.user_id,
    owner_name: ownerName,
    type: row.type,
    mime_type: row.mime_type,
    origin: row.origin,
    alert_id: row.alert_id,
    escort_session_id: row.escort_session_id,
    status: row.status,
    contiguous_chunks: row.contiguous_chunks,
    stored_chunks: row.stored_chunks,
    declared_chunks: row.declared_chunks,
    bytes: row.bytes,
    started_at: row.started_at.toISOString(),
    last_chunk_at: row.last_chunk_at?.toISOString() ?? null,
    ended_at: row.ended_at?.toISOString() ?? null,
    delete_at: row.delete_at.toISOString(),
    signed: row.manifest?.signature != null,
  };
}

/** When a recording that ended (or started, while it records) at `from` is deleted. */
export function deletionTime(from: Date, retentionHours: number): Date {
  return new Date(from.getTime() + retentionHours * 3_600_000);
}
