/**
 * Who receives an event on this instance: the sockets of each signed-in person, and the guardian index
 * (guardian-index.ts: which connected people watch whom). Routing is two map lookups, never a database read.
 */
import type { RealtimeEvent, RealtimePayload } from '#shared/schemas/realtime';
import { offer, outgoing, type Connection } from './connection';
import { createGuardianIndex } from './guardian-index';
import type { RealtimeAudience } from './publisher';

export type Routing = {
  /** Adds an authenticated socket; the person's first one loads the wards they watch. */
  join(conn: Connection, userId: string, wardsOf: () => Promise<readonly string[]>): Promise<void>;
  /** Removes a socket; the person's last one drops them from the index. */
  leave(conn: Connection, userId: string): void;
  /**
   * Synchronous: the person's sockets and, for guardian-visible events, their connected active guardians'. The
   * event is serialized once, and only when someone here receives it.
   */
  deliver(event: RealtimeEvent, audience: RealtimeAudience): void;
  /** A relationship changed: the guardian's side of the event says whether they now watch the ward. */
  noteRelationship(userId: string, payload: RealtimePayload<'relationship.updated'>): void;
  /** The people with a socket here. */
  people(): string[];
  /** Replaces what the index knows of a connected person (the heartbeat's reload from the database). */
  reload(userId: string, wardIds: readonly string[]): void;
};

export function createRouting(): Routing {
  const byUser = new Map<string, Set<Connection>>();
  const guardians = createGuardianIndex();
  return {
    async join(conn, userId, wardsOf) {
      let mine = byUser.get(userId);
      if (!mine) {
        byUser.set(userId, (mine = new Set()));
        guardians.load(userId, await wardsOf());
      }
      mine.add(conn);
    },

    leave(conn, userId) {
      const mine = byUser.get(userId);
      mine?.delete(conn);
      if (mine?.size === 0) {
        byUser.delete(userId);
        guardians.forget(userId);
      }
    },

    deliver(event, audience) {
      const recipients = new Set(audience === 'guardians' ? [] : byUser.get(event.user_id));
      if (audience !== 'subject') {
        for (const guardianId of guardians.watchersOf(event.user_id)) {
          for (const conn of byUser.get(guardianId) ?? []) recipients.add(conn);
        }
      }
      if (recipients.size === 0) return;
      const message = outgoing(event);
      for (const conn of recipients) offer(conn, message);
    },

    noteRelationship(userId, payload) {
      if (payload.role !== 'guardian' || !byUser.has(userId)) return;
      guardians.set(userId, payload.ward_id, payload.status === 'active');
    },

    people: () => [...byUser.keys()],

    reload(userId, wardIds) {
      if (byUser.has(userId)) guardians.load(userId, wardIds);
    },
  };
}
