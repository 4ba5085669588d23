import {
  LOCATION_LIMITS,
  SHARE_LINK_REUSE_MIN_REMAINING_MINUTES,
  SHARE_LINK_TTL_HOURS,
  TRACK_PAGE_PATH,
} from '#shared/constants';
import type { ShareLink, TrackedAlert, TrackResponse } from '#shared/schemas/share-link';
import { ERRORS } from '#shared/texts';
import { THE_PUBLIC, type AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/access';
import type { PositionsPort, ProfilesPort, RecordingsPort, SeenFrom, ViewLogPort } from './ports';
import * as repo from './repository';

export type ShareLinkService = {
  create(auth: AuthContext): Promise<ShareLink>;
  list(auth: AuthContext): Promise<ShareLink[]>;
  /** Revokes one of the caller's links (404 for anyone else's). */
  revoke(auth: AuthContext, id: string): Promise<ShareLink>;
  /** The public view of a link: who, where, and the route since the link was made. Logged for the person. */
  track(shareCode: string, from: SeenFrom): Promise<TrackResponse>;
};

const LIST_LIMIT = 50;
const notFound = (): AppError => new AppError('not_found', ERRORS.notFound);

export type ShareLinkServiceDeps = {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  profiles: ProfilesPort;
  positions: PositionsPort;
  recordings: RecordingsPort;
  views: ViewLogPort;
  origin: string;
};

export function createShareLinkService(deps: ShareLinkServiceDeps): ShareLinkService {
  const { db, clock, access, profiles, positions, recordings, origin } = deps;

  return {
    async create(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const row = await repo.insertShareLink(db, {
        userId: ownerId,
        expiresAt: shareLinkExpiry(now),
        now,
      });
      return toShareLink(row, origin);
    },

    async list(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const rows = await repo.listShareLinks(db, ownerId, LIST_LIMIT);
      return rows.map((row) => toShareLink(row, origin));
    },

    async revoke(auth, id) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const row = await repo.revokeShareLink(db, ownerId, id);
      if (!row) throw notFound();
      return toShareLink(row, origin);
    },

    async track(shareCode, from) {
      // The code is the caller's credential: whoever holds it is the holder of the link it names, if any.
      const found = await repo.findShareLinkByCode(db, shareCode.toLowerCase());
      const holder = found
        ? { shareLink: { ownerId: found.user_id, isActive: found.is_active, expiresAt: found.expires_at } }
        : THE_PUBLIC;
      const { ownerId, link } = await access.require(
        holder,
        'read',
        found && { ownerId: found.user_id, link: found },
      );
      const [fullName, sharing, alert, sentWith, playable] = await Promise.all([
        profiles.findFullName(db, ownerId),
        profiles.isSharingLocation(db, ownerId),
        repo.findNewestAlertSince(db, ownerId, alertWindowStart(link.created_at)),
        link.alert_id ? repo.findAlertOf(db, ownerId, link.alert_id) : undefined,
        recordings.playableByLink(db, {
          id: link.id,
          userId: ownerId,
          isActive: link.is_active,
          expiresAt: link.expires_at,
          createdAt: link.created_at,
          alertId: link.alert_id,
        }),
      ]);
      // Only a look the policy let through is logged: a refused code shows nothing, so nothing was seen.
      deps.views.record({ ownerId, kind: 'tracking_page', via: 'share_link', shareLinkId: link.id }, from);
      const window = positionWindow(link, sentWith);
      const base = {
        full_name: fullName,
        alert: alert ? toTrackedAlert(alert) : null,
        sharing,
        expires_at: link.expires_at.toISOString(),
        positions_ended_at: window.endedAt?.toISOString() ?? null,
        recordings: playable,
      };
      // The link shares positions only while the person shares their location at all.
      if (!sharing || window.endedAt) return { ...base, location: null, route: [] };
      const latest = (await positions.latestPositions(db, [ownerId])).get(ownerId);
      const route = await positions.recentRoutePoints(db, ownerId, {
        since: window.since,
        limit: LOCATION_LIMITS.routePoints,
      });
      return { ...base, location: latest ? withoutUserId(latest) : null, route };
    },
  };
}

/**
 * What a link may show. One the person shared themselves: their positions from when it was made, until it
 * expires or they revoke it. One an SOS text carried: the positions of that SOS (its route from when it was
 * raised) while it is active, and none once they said they are safe — ending the alert ends what its text
 * exposes. A later SOS that sends the same link again opens it again (getOrCreateActiveShareLink).
 */
function positionWindow(
  link: repo.ShareLinkRow,
  sentWith: repo.TrackedAlertRow | undefined,
): { since: Date; endedAt: Date | null } {
  if (!link.alert_id) return { since: link.created_at, endedAt: null };
  // Its alert cannot be found (it never should be): nothing to show rather than everything.
  if (!sentWith) return { since: link.created_at, endedAt: link.created_at };
  return { since: sentWith.occurred_at, endedAt: sentWith.resolved_at };
}

/**
 * The link an alert's texts carry (`{origin}/track/{code}`, so contacts can follow the person live): the person's
 * alert link that stays valid for at least an hour more, now carried by `alertId` too, or a new one made for it.
 * Never a link the person shared themselves, which "I'm safe" does not end.
 */
export async function getOrCreateActiveShareLink(
  db: Queryable,
  context: { userId: string; alertId: string; now: Date; origin: string },
): Promise<ShareLink> {
  const validUntil = new Date(context.now.getTime() + SHARE_LINK_REUSE_MIN_REMAINING_MINUTES * 60_000);
  const existing = await repo.findReusableAlertLink(db, context.userId, validUntil);
  const row = existing
    ? await repo.moveAlertLink(db, existing.id, context.alertId)
    : await repo.insertShareLink(db, {
        userId: context.userId,
        expiresAt: shareLinkExpiry(context.now),
        now: context.now,
        alertId: context.alertId,
      });
  return toShareLink(row, context.origin);
}

/**
 * Alerts the page reports: from one link lifetime before the link was made on. An SOS text's link is often one
 * made earlier and reused, and an older alert left active is no news to whoever opens the link today.
 */
function alertWindowStart(linkCreatedAt: Date): Date {
  return new Date(linkCreatedAt.getTime() - SHARE_LINK_TTL_HOURS * 3_600_000);
}

function toTrackedAlert(row: repo.TrackedAlertRow): TrackedAlert {
  return {
    status: row.resolved_at ? 'resolved' : 'active',
    raised_at: row.occurred_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

/** Share links are valid 24 hours (docs/PRODUCT.md#live-location-and-share-links). */
function shareLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + SHARE_LINK_TTL_HOURS * 3_600_000);
}

export function trackUrl(origin: string, shareCode: string): string {
  return `${origin.replace(/\/+$/, '')}${TRACK_PAGE_PATH}/${shareCode}`;
}

function toShareLink(row: repo.ShareLinkRow, origin: string): ShareLink {
  return {
    id: row.id,
    share_code: row.share_code,
    url: trackUrl(origin, row.share_code),
    expires_at: row.expires_at.toISOString(),
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    sent_with_alert: row.alert_id !== null,
  };
}

function withoutUserId<T extends { user_id: string }>(value: T): Omit<T, 'user_id'> {
  const { user_id: _userId, ...rest } = value;
  return rest;
}
