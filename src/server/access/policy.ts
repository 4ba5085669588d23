/**
 * The one access policy: may this caller do this to these rows? Every service operation that touches a person's
 * rows asks it first, and repositories then filter by the owner it authorized. `http/access.ts` has already
 * decided whether the route needs a signed-in caller; this decides whose rows that caller reaches.
 *
 * - the owner: everything of their own;
 * - an active guardian of the owner (guardian-rule.ts): reads only — the owner's shared data (`read`) and their
 *   activity made since the guardian was approved (`watch`);
 * - the holder of a live share link: `read` of the link's owner, while the link is active and unexpired;
 * - the holder of a responder link (the page an alert text links a contact to): `read` of that one alert's rows,
 *   while the link is open (not revoked, not past its closing time);
 * - the public: nothing of anyone.
 *
 * A refusal is the one AppError: 404 `not_found`, so someone else's id answers exactly as a missing one, or 410
 * for a share link that was revoked or ran out (its holder already knows the link exists). A responder link the
 * person revoked (stopping all sharing) answers 410 `link_inactive` too; one that closed by itself (its day, or
 * after "I'm safe") answers the same 404 as an unknown code.
 */
import { IdSchema } from '#shared/schemas/common';
import { ERRORS, SHARE_LINK_TEXTS } from '#shared/texts';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import { AppError } from '../http/app-error';
import { activeWards, watchingSince, type ActiveWard } from './guardian-rule';

/** A signed-in person (an `AuthContext` is one). */
export type Person = { readonly userId: string };
/** Whoever holds a share link's code, with the link that code names. */
export type LinkHolder = { readonly shareLink: SharedLink };
export type SharedLink = { readonly ownerId: string; readonly isActive: boolean; readonly expiresAt: Date };
/** Whoever holds a responder link's code (the contact an alert texted), with the link that code names. */
export type ResponderHolder = { readonly responderLink: ResponderLink };
export type ResponderLink = {
  readonly ownerId: string;
  readonly alertId: string;
  readonly revoked: boolean;
  /** When the page stops opening: its expiry, or earlier once the person is safe. */
  readonly closesAt: Date;
};
/** Anyone at all: a caller the policy knows nothing about. */
export type Public = { readonly public: true };
export const THE_PUBLIC: Public = { public: true };

export type Caller = Person | LinkHolder | ResponderHolder | Public;

/**
 * What the caller wants to do with the rows.
 * - `manage`: read or change rows that are the owner's alone (their profile, contacts, alerts, journeys, links,
 *   subscriptions): the owner only.
 * - `read`: read what the owner shares with those who look after them (their positions): the owner, an active
 *   guardian, the holder of a live share link; and, for the rows of one alert (`alertId`), the holder of that
 *   alert's open responder link, who may also answer it.
 * - `watch`: a guardian's view of the owner's activity (alerts, journeys, "Seen"): an active guardian only, and
 *   only rows made since they were approved.
 */
export type Action = 'manage' | 'read' | 'watch';

/**
 * The rows asked about: whose they are (`coOwnerId`: rows two people share, a guardian relationship), for
 * `watch`, when they were made, and the alert they belong to (`alertId`: only a responder link asks).
 */
export type Rows = {
  readonly ownerId: string;
  readonly coOwnerId?: string;
  readonly createdAt?: Date;
  readonly alertId?: string;
};

/** The rows themselves, or how to find rows addressed by id (undefined: there are none). */
export type RowsAsked<R extends Rows> = R | undefined | (() => Promise<R | undefined>);

export type AccessPolicy = {
  /** The rows, when `caller` may `action` them; otherwise throws the refusal (see above). */
  require<R extends Rows>(caller: Caller, action: Action, rows: RowsAsked<R>): Promise<R>;
  /** Everyone whose activity `caller` may `watch` (their active wards), each since when. */
  watched(caller: Person): Promise<ActiveWard[]>;
};

const notFound = (): AppError => new AppError('not_found', ERRORS.notFound);

export function createAccessPolicy(deps: { db: Queryable; clock: Clock }): AccessPolicy {
  const { db, clock } = deps;

  const personMay = async (caller: Person, action: Action, rows: Rows): Promise<boolean> => {
    const owns = caller.userId === rows.ownerId || caller.userId === rows.coOwnerId;
    if (action === 'manage') return owns;
    if (action === 'read' && owns) return true;
    // A guardian's reads: an id of the wrong shape names nobody (and must not reach the query).
    if (!IdSchema.safeParse(rows.ownerId).success) return false;
    const since = await watchingSince(db, caller.userId, rows.ownerId);
    if (!since) return false;
    return action === 'read' || !rows.createdAt || rows.createdAt.getTime() >= since.getTime();
  };

  const holderMay = (link: SharedLink, action: Action, rows: Rows): boolean => {
    if (!link.isActive) throw new AppError('link_inactive', SHARE_LINK_TEXTS.linkInactive);
    if (link.expiresAt.getTime() <= clock.now().getTime()) {
      throw new AppError('link_expired', SHARE_LINK_TEXTS.linkExpired);
    }
    return action === 'read' && link.ownerId === rows.ownerId;
  };

  // Revoked: 410, as a revoked share link (the holder knows the link existed). Closed: 404, like no code at all.
  const responderMay = (link: ResponderLink, action: Action, rows: Rows): boolean => {
    if (link.revoked) throw new AppError('link_inactive', SHARE_LINK_TEXTS.responderLinkInactive);
    return responderOpen(link, action, rows);
  };
  const responderOpen = (link: ResponderLink, action: Action, rows: Rows): boolean =>
    link.closesAt.getTime() > clock.now().getTime() &&
    action === 'read' &&
    link.ownerId === rows.ownerId &&
    rows.alertId !== undefined &&
    link.alertId === rows.alertId;

  return {
    async require(caller, action, asked) {
      const rows = typeof asked === 'function' ? await asked() : asked;
      if (!rows || 'public' in caller) throw notFound();
      const allowed =
        'shareLink' in caller
          ? holderMay(caller.shareLink, action, rows)
          : 'responderLink' in caller
            ? responderMay(caller.responderLink, action, rows)
            : await personMay(caller, action, rows);
      if (!allowed) throw notFound();
      return rows;
    },

    watched: (caller) => activeWards(db, caller.userId),
  };
}
