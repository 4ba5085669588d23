import type { RealtimeEvent, RealtimeEventType, RealtimePayload } from '#shared/schemas/realtime';

/**
 * Who receives an event: only the person it is about, also their active guardians (the default), or only their
 * active guardians (the duress alert: never the person's own devices).
 */
export type RealtimeAudience = 'subject' | 'subject_and_guardians' | 'guardians';

/** One event to publish: its type, the person it is about, and the payload its type requires. */
export type PublishRequest = {
  [T in RealtimeEventType]: {
    type: T;
    userId: string;
    payload: RealtimePayload<T>;
    audience?: RealtimeAudience;
  };
}[RealtimeEventType];

/**
 * What modules need from the realtime hub. Alerts (modules/alerts/realtime-alert-events.ts), guardians
 * (relationship changes, notifications), locations, journeys and the journey watch call `publish`; the hub stores
 * the event (for catch-up), then delivers it on every instance to the person and, at send time, their active
 * guardians.
 */
export type RealtimePublisher = {
  /**
   * Stores and delivers an event. Never rejects: realtime is best effort next to the write that caused it, so
   * a failure is logged and answers null.
   */
  publish(event: PublishRequest): Promise<RealtimeEvent | null>;
  /**
   * Publishes an event whose payload is still being read (after a commit, so the write never waits for it). It
   * counts as under way from this call, so the hub's `idle` waits for it; a read that fails is logged and nothing
   * is published.
   */
  publishOnceRead(event: Promise<PublishRequest>): void;
};
