import type { Readable } from 'node:stream';

/**
 * Where the bytes of recordings live: a folder under DATA_DIR (folder-storage.ts) or an S3-compatible bucket
 * (s3-storage.ts), chosen by the configuration (create-storage.ts). Streams only: nothing here holds a whole
 * object in memory. Keys are made by the server (`recordingKeys`), never taken from a request.
 */
export type RecordingStorage = {
  readonly kind: 'folder' | 's3';
  /**
   * Stores exactly `bytes` bytes of `body` under `key`, replacing what was there. Resolves once they are stored;
   * rejects when `body` fails or ends early, and then nothing readable is left under `key` (the folder writes a
   * temporary file and renames it; a bucket keeps no object whose upload did not complete).
   */
  put(key: string, body: Readable, bytes: number): Promise<void>;
  /** The object's bytes, or the inclusive byte range of them. Rejects with `StorageNotFound` when it is missing. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deletes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a recording's pieces, or everything of a person). */
  deletePrefix(prefix: string): Promise<void>;
};

export class StorageNotFound extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
    this.name = 'StorageNotFound';
  }
}

/** Keys are the server's own: letters, digits, `_ . -` and `/` between segments, never `..`. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\/?$/;

/** Throws for a key that is not one the server makes: a mistake, never something to store. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Unsafe storage key ${key}`);
  return key;
}

/**
 * The layout: everything of a person under `{userId}/recordings/`; one recording's pieces under
 * `{userId}/recordings/emergency-{type}-{clientId}/`, each `{seq}.{upload}` (seq zero-padded, so a listing is in
 * order; `upload` is random per upload, so two uploads of one piece racing each other never write one object).
 */
export const recordingKeys = {
  ofPerson: (userId: string): string => checkKey(`${userId}/recordings/`),
  ofRecording: (recording: { userId: string; type: string; clientId: string }): string =>
    checkKey(`${recording.userId}/recordings/emergency-${recording.type}-${recording.clientId}/`),
  ofPiece: (recording: { userId: string; type: string; clientId: string }, seq: number, upload: string) =>
    checkKey(`${recordingKeys.ofRecording(recording)}${String(seq).padStart(5, '0')}.${upload}`),
};
