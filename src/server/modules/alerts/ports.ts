/**
 * What the alerts module uses of other modules: each a port, declared here with only what an alert needs, and
 * handed over by app.ts (docs/ARCHITECTURE.md, "Modules joined by ports"). They take the caller's `db`, so every
 * read joins the one transaction that raises (or ends) the alert.
 */
import type { Location } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';

/** Whom an SOS texts: the person's saved contacts. */
export type ContactsPort = {
  listContacts(
    db: Queryable,
    userId: string,
  ): Promise<ReadonlyArray<{ id: string; name: string; phone: string }>>;
};

/** What the person chose for what their SOS text carries (their profile's switches and time zone). */
export type SosPreferences = {
  sharesLocation: boolean;
  contactsGetTrackingLink: boolean;
  timeZone: string | null;
};

/** Names in the texts and pushes, the person's SOS preferences and their escalation time. */
export type ProfilesPort = {
  findFullNames(db: Queryable, userIds: readonly string[]): Promise<Map<string, string>>;
  findSosPreferences(db: Queryable, userId: string): Promise<SosPreferences>;
  /** The seconds the person chose before an unanswered alert escalates; null: the server's default. */
  findEscalationSeconds(db: Queryable, userId: string): Promise<number | null>;
};

/** The newest stored position, for an SOS sent without one. */
export type PositionsPort = {
  latestPositions(db: Queryable, userIds: readonly string[]): Promise<Map<string, Location>>;
};

/** Which guardians have a browser that can take the alert's push. */
export type PushSubscriptionsPort = {
  usersWithSubscriptions(db: Queryable, userIds: readonly string[]): Promise<Set<string>>;
};

/** The live-tracking link an SOS text carries (the share-links module makes or passes it on). */
export type AlertLinksPort = {
  getOrCreateActiveShareLink(
    db: Queryable,
    context: { userId: string; alertId: string; now: Date; origin: string },
  ): Promise<{ url: string }>;
};

export type AlertPorts = {
  contacts: ContactsPort;
  profiles: ProfilesPort;
  positions: PositionsPort;
  pushSubscriptions: PushSubscriptionsPort;
  alertLinks: AlertLinksPort;
  views: ViewLogPort;
};

/** Where a look at a responder page came from (the request's address as TRUST_PROXY decides it, User-Agent). */
export type SeenFrom = { ip: string; userAgent: string | undefined };

/** The person's log of who looked (the sharing module): written after the answer, never failing it. */
export type ViewLogPort = {
  record(
    view: { ownerId: string; kind: 'responder_page'; via: 'responder_link'; responderLinkId: string },
    from: SeenFrom,
  ): void;
};

/**
 * The safety PIN's check (modules/safety-pin): `duress` when the PIN given was the duress PIN, and `refusal` when
 * the request must be refused (the PIN asked but missing, a wrong PIN, too many wrong PINs). A duress PIN may be
 * refused too (too many wrong PINs before it): the duress alert still goes out.
 */
export type SafetyPinPort = {
  check(userId: string, pin: string | undefined): Promise<{ duress: boolean; refusal: Error | null }>;
};
