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
/** A list of pairs rather than a map: the first download's schema library already has what lists need. */
const IdsSchema = z.array(z.object({ clientId: z.string(), id: z.string() }));
type Ids = z.infer<typeof IdsSchema>;

const store = createPersistentStore<Ids>({ key: STORAGE_KEY, schema: IdsSchema, fallback: [] });

/** Beyond this a recording is deleted on the server anyway: its entry goes. */
const KEEP_MS = 2 * RECORDING.retentionHours * 3_600_000;

function startedAt(clientId: string): number {
  return Number(clientId.slice('rec_'.length));
}

export function rememberServerId(clientId: string, serverId: string, nowMs = Date.now()): void {
  const kept = store
    .get()
    .filter((entry) => entry.clientId !== clientId && nowMs - startedAt(entry.clientId) < KEEP_MS);
  store.set([...kept, { clientId, id: serverId }]);
}

export function serverIdOf(clientId: string): string | null {
  return store.get().find((entry) => entry.clientId === clientId)?.id ?? null;
}

export const subscribeServerIds = store.subscribe;
