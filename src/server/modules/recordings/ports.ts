/**
 * What the recordings module uses of other modules: each a port, declared here with only what recordings use,
 * and handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports"). Reads take the caller's `db`, so
 * they join the caller's transaction.
 */
import type { Queryable } from '../../db/database';

/** The owner's name (on every recording a guardian or a link holder sees) and guardians' names (views). */
export type ProfilesPort = {
  findFullName(db: Queryable, userId: string): Promise<string>;
  findFullNames(db: Queryable, userIds: readonly string[]): Promise<Map<string, string>>;
};

/** Which guardians have a browser that can take the "is recording" push. */
export type PushSubscriptionsPort = {
  usersWithSubscriptions(db: Queryable, userIds: readonly string[]): Promise<Set<string>>;
};

/** An alert as recordings need it: whose it is, whether it is still on, and the recording it was raised with. */
export type AlertFacts = {
  userId: string;
  resolvedAt: Date | null;
  /** The phone's name for the recording the SOS was raised with (`rec_…`), if any. */
  recordingClientId: string | null;
};

export type AlertsPort = {
  findAlertFacts(db: Queryable, alertId: string): Promise<AlertFacts | undefined>;
};

/** Whose an escort session is. */
export type EscortsPort = {
  findEscortOwner(db: Queryable, escortSessionId: string): Promise<string | undefined>;
};

/** A share link as the recordings it may play depend on it. */
export type LinkFacts = {
  id: string;
  userId: string;
  isActive: boolean;
  expiresAt: Date;
  createdAt: Date;
  /** The alert whose texts carry the link; null for a link the person shared themselves. */
  alertId: string | null;
};

/** The link a share code names (codes are case-insensitive UUIDs). */
export type ShareLinksPort = {
  findLinkByCode(db: Queryable, shareCode: string): Promise<LinkFacts | undefined>;
  findLinkById(db: Queryable, linkId: string): Promise<LinkFacts | undefined>;
};

/** Where a look at a recording came from (the request's address as TRUST_PROXY decides it, User-Agent). */
export type SeenFrom = { ip: string; userAgent: string | undefined };

/** The owner's log of who looked (the sharing module): written after the answer, never failing it. */
export type ViewLogPort = {
  record(
    view: { ownerId: string; kind: 'recording'; recordingId: string } & (
      { via: 'share_link'; shareLinkId: string } | { via: 'guardian'; viewerUserId: string }
    ),
    from: SeenFrom,
  ): void;
};
