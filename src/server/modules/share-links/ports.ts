/**
 * What the share-links module uses of other modules: each a port, declared here with only what a tracking page
 * shows, and handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports").
 */
import type { Location, RoutePoint } from '#shared/schemas/location';
import type { Recording } from '#shared/schemas/recording';
import type { Queryable } from '../../db/database';

/** The name the page greets with, and whether the person shares their location at all. */
export type ProfilesPort = {
  findFullName(db: Queryable, userId: string): Promise<string>;
  isSharingLocation(db: Queryable, userId: string): Promise<boolean>;
};

/** The recordings a link plays (the recordings module decides which), for the tracking page's list. */
export type RecordingsPort = {
  playableByLink(
    db: Queryable,
    link: {
      id: string;
      userId: string;
      isActive: boolean;
      expiresAt: Date;
      createdAt: Date;
      alertId: string | null;
    },
  ): Promise<Recording[]>;
};

/** The person's newest position and their route since the link began. */
export type PositionsPort = {
  latestPositions(db: Queryable, userIds: readonly string[]): Promise<Map<string, Location>>;
  recentRoutePoints(
    db: Queryable,
    userId: string,
    options: { since?: Date; limit: number },
  ): Promise<RoutePoint[]>;
};

/** Where a look at the tracking page came from (the request's address as TRUST_PROXY decides it, User-Agent). */
export type SeenFrom = { ip: string; userAgent: string | undefined };

/** The person's log of who looked (the sharing module): written after the answer, never failing it. */
export type ViewLogPort = {
  record(
    view: { ownerId: string; kind: 'tracking_page'; via: 'share_link'; shareLinkId: string },
    from: SeenFrom,
  ): void;
};
