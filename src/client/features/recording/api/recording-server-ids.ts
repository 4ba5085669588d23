import { z } from 'zod';
import { RECORDING } from '#shared/constants';
import { createPersistentStore } from '../../../lib/persistent-store';

/**
 * The server's id of each recording this phone started, by the phone's own id (`rec_<ms>`). A piece names its
 * recording by the phone's id, because it may be queued before the server has answered the start; the upload
 * finds the server's id here when the piece's turn comes (the start always goes first). Local storage: a reload
 * or a closed tab must not orphan the pieces still waiting in the outbox.
 */
const STORAGE_KEY = 'beacon-recording-server-ids';
const IdsSchema = z.record(z.string(), z.string());

const store = createPersistentStore<Record<string, string>>({
  key: STORAGE_KEY,
  schema: IdsSchema,
  fallback: {},
});

/** Beyond this a recording is deleted on the server anyway: its entry goes. */
const KEEP_MS = 2 * RECORDING.retentionHours * 3_600_000;

function startedAt(clientId: string): number {
  return Number(clientId.slice('rec_'.length));
}

export function rememberServerId(clientId: string, serverId: string, nowMs = Date.now()): void {
  const kept = Object.entries(store.get()).filter(([id]) => nowMs - startedAt(id) < KEEP_MS);
  store.set({ ...Object.fromEntries(kept), [clientId]: serverId });
}

export function serverIdOf(clientId: string): string | null {
  return store.get()[clientId] ?? null;
}

export const subscribeServerIds = store.subscribe;
