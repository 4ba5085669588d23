import type { FastifyBaseLogger } from 'fastify';
import { SHARING_VIEWS } from '#shared/constants';
import type { SharingViewKind } from '#shared/schemas/sharing';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { deviceKindOf } from './device-kind';
import { networkOf } from './network-of';
import { recordVisit } from './repository';

/** Where a look came from: Fastify's `request.ip` (TRUST_PROXY decides it, never a header alone) and User-Agent. */
export type SeenFrom = { ip: string; userAgent: string | undefined };

/** What was looked at, whose it is, and through what (the guardian, or the link the viewer holds). */
export type ViewRecord = { ownerId: string; kind: SharingViewKind } & (
  | { via: 'share_link'; shareLinkId: string; recordingId?: string }
  | { via: 'responder_link'; responderLinkId: string }
  | { via: 'guardian'; viewerUserId: string; recordingId: string }
);

export type ViewLog = {
  /**
   * Logs a look after the answer, never in its way: returns at once, and a failure is logged, never thrown. Only
   * the network of `from.ip` and the device kind are kept.
   */
  record(view: ViewRecord, from: SeenFrom): void;
  /** Resolves once the looks being written are written (tests, shutdown). */
  idle(): Promise<void>;
};

/**
 * Looks written at once beyond which a new one is dropped (and the drop logged): a flood of page loads must not
 * pile up writes behind the answers, nor hold connections the SOS path needs.
 */
const MAX_WRITES_IN_FLIGHT = 50;

export function createViewLog(deps: { db: Queryable; clock: Clock; log: FastifyBaseLogger }): ViewLog {
  const inFlight = new Set<Promise<void>>();
  return {
    record(view, from) {
      if (inFlight.size >= MAX_WRITES_IN_FLIGHT) {
        deps.log.warn({ kind: view.kind }, 'sharing view not logged: too many being written');
        return;
      }
      const now = deps.clock.now();
      const write = recordVisit(
        deps.db,
        {
          ownerId: view.ownerId,
          kind: view.kind,
          via: view.via,
          shareLinkId: view.via === 'share_link' ? view.shareLinkId : null,
          responderLinkId: view.via === 'responder_link' ? view.responderLinkId : null,
          recordingId: view.via === 'responder_link' ? null : (view.recordingId ?? null),
          viewerUserId: view.via === 'guardian' ? view.viewerUserId : null,
          device: deviceKindOf(from.userAgent),
          network: networkOf(from.ip),
        },
        now,
        new Date(now.getTime() - SHARING_VIEWS.visitMinutes * 60_000),
      ).catch((error: unknown) => {
        deps.log.warn({ err: error, kind: view.kind }, 'sharing view not logged');
      });
      inFlight.add(write);
      void write.finally(() => inFlight.delete(write));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
