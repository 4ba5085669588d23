import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { RecordingSchema, type Recording } from '#shared/schemas/recording';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/**
 * The recordings of the people a guardian watches, as the realtime `recording.updated` events told them: there
 * is no list of wards' recordings to ask the server for, so this device keeps what it heard. Per tab, in session
 * storage next to the realtime catch-up position, so a reload keeps what catch-up will not replay. A recording
 * leaves when it is deleted (the event says so, or its `delete_at` has passed).
 */
const StateSchema = z.object({ recordings: z.array(RecordingSchema) });
type State = z.infer<typeof StateSchema>;

const EMPTY: State = { recordings: [] };
/** The newest ones a guardian could want to open; older ones still play from their link. */
const MAX_KEPT = 20;

const stored = persistentStoreFamily<State>({
  keyFor: (viewerId) => `beacon-ward-recordings:${viewerId}`,
  schema: StateSchema,
  fallback: EMPTY,
  area: 'session',
});

/**
 * Records what an event says of a ward's recording. True when it is a recording this device had not heard of
 * and it is still recording: the moment to tell the guardian.
 */
export function applyWardRecording(
  viewerId: string,
  recording: Recording & { deleted: boolean },
  nowMs = Date.now(),
): boolean {
  const store = stored(viewerId);
  const { deleted, ...rest } = recording;
  const known = store.get().recordings;
  const isNew = !known.some((entry) => entry.id === rest.id);
  const others = known.filter((entry) => entry.id !== rest.id && Date.parse(entry.delete_at) > nowMs);
  const next = deleted ? others : [rest, ...others];
  next.sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at));
  store.set({ recordings: next.slice(0, MAX_KEPT) });
  return isNew && !deleted && rest.status === 'recording';
}

/** Forgets a ward's recordings (the link ended) or, without a ward, everything (signed out). */
export function forgetWardRecordings(viewerId: string, wardId?: string): void {
  const store = stored(viewerId);
  if (!wardId) {
    store.clear();
    return;
  }
  store.set({ recordings: store.get().recordings.filter((entry) => entry.user_id !== wardId) });
}

/** A ward's recordings this device knows of, newest first. */
export function useWardRecordings(viewerId: string, wardId: string): Recording[] {
  const store = stored(viewerId);
  const state = useSyncExternalStore(store.subscribe, store.get);
  return state.recordings.filter((entry) => entry.user_id === wardId);
}
