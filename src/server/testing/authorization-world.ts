/**
 * The people and rows the authorization table (http/authorization-table.api.test.ts) asks about: one owner with
 * a bit of everything, and everyone else who might try to read or change it. Built once per test file, only
 * through the HTTP API (and the dev clock), so the table proves what the server does whatever code decides it.
 *
 * Who is who:
 * - the owner: contacts, a past SOS that ended and an open one, a position, an escort, check-ins, share links in
 *   every state, invite codes, push subscriptions, and guardians in every relationship state;
 * - a stranger: another signed-in person with no link to the owner;
 * - the owner's guardians: one whose request is pending, one active, one rejected, and one whose link ended (it
 *   was active, and the owner moved meanwhile, so there is something it must no longer see);
 * - share-link holders: nobody signed in, holding one of the owner's codes (a live link, one past its expiry,
 *   one the owner revoked, the link an SOS text carried while that SOS is open, and one whose SOS ended);
 * - anonymous: nobody signed in, holding nothing.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { AuthSessionSchema } from '#shared/schemas/auth';
import type { InviteCode } from '#shared/schemas/guardian';
import type { RaiseAlertResponse } from '#shared/schemas/alert';
import type { CheckIn, EscortSession } from '#shared/schemas/journey';
import type { EmergencyContact } from '#shared/schemas/profile';
import type { ShareLink, ShareLinkListResponse } from '#shared/schemas/share-link';
import { SHARE_LINK_TTL_HOURS } from '#shared/constants';
import { endRelationship, linkGuardian } from '../modules/guardians/guardian-test-helpers';
import type { TestApp } from './test-app';
import { signUpViaApi, TEST_PASSWORD } from './test-auth';

/** Everyone the table asks about, in the order each operation's cases run: the owner last (see the table). */
export const ROLES = [
  'anonymous',
  'link holder',
  'expired-link holder',
  'revoked-link holder',
  'SOS-link holder',
  'ended-SOS-link holder',
  'stranger',
  'pending guardian',
  'rejected guardian',
  'ended guardian',
  'active guardian',
  'owner',
] as const;
export type Role = (typeof ROLES)[number];

export const LINK_ROLES = [
  'link holder',
  'expired-link holder',
  'revoked-link holder',
  'SOS-link holder',
  'ended-SOS-link holder',
] as const satisfies readonly Role[];
export type LinkRole = (typeof LINK_ROLES)[number];

export const GUARDIAN_ROLES = [
  'pending guardian',
  'rejected guardian',
  'ended guardian',
  'active guardian',
] as const satisfies readonly Role[];
export type GuardianRole = (typeof GUARDIAN_ROLES)[number];

export const SIGNED_IN_ROLES = ['stranger', ...GUARDIAN_ROLES, 'owner'] as const satisfies readonly Role[];
export type SignedInRole = (typeof SIGNED_IN_ROLES)[number];

/** A person signed up through the API (fits the guardian and journey test helpers' `TestUser`). */
export type Person = {
  id: string;
  email: string;
  password: string;
  fullName: string;
  token: string;
  refreshToken: string;
  headers: { authorization: string };
};

export type Headers = Record<string, string>;

export type World = {
  sut: TestApp;
  owner: Person;
  stranger: Person;
  guardians: Record<GuardianRole, Person>;
  /** Someone outside the table: the guardian of the owner's spare pending request, and a second browser. */
  spare: Person;
  /** An active guardian whose link the realtime cases end while that guardian is connected. */
  leaver: Person;
  /** The owner's relationship with each guardian, with `spare` (pending) and with `leaver` (active). */
  links: Record<GuardianRole | 'spare' | 'leaver', string>;
  contacts: {
    /** The contact the SOS texts go to; never changed. */
    main: EmergencyContact;
    /** Changed only by the owner's PATCH case. */
    patched: EmergencyContact;
    /** Deleted only by the owner's DELETE case. */
    removed: EmergencyContact;
  };
  alerts: { ended: string; open: string };
  escortId: string;
  checkinId: string;
  shareLinks: Record<LinkRole | 'patched' | 'removed', ShareLink>;
  /** Browsers the owner subscribed to pushes: one stays, one only the owner's DELETE case removes. */
  pushEndpoints: { kept: string; removed: string };
  /** The owner's position (every reading the owner sends is here, so a guardian's view of it is recognisable). */
  position: { latitude: number; longitude: number };
  /**
   * Strings that appear in an answer only when it shows the owner's data: `private` (contacts, alerts,
   * positions, journeys, codes, tokens) and `identity` (who the owner is: id, name, e-mail).
   */
  markers: { private: string[]; identity: string[] };
  /** What a role sends to be who it is: a session's bearer token, a share code in its place, or nothing. */
  credentials(role: Role): Headers;
  /** A new session of a signed-in role (for a case that ends the session it uses); others as `credentials`. */
  freshCredentials(role: Role): Promise<Headers>;
  /** The person behind a signed-in role. */
  person(role: SignedInRole): Person;
};

/** Roughly Zürich, with digits no other reading in the table has. */
const OWNER_POSITION = { latitude: 47.376887, longitude: 8.541694 };
const OWNER_NAME = 'Ottoline Quartermaine';
/** Not the password everyone else has: a case that sends the owner's password must not be using its own. */
const OWNER_PASSWORD = 'quartermaine-harbour-lantern-91';
const CONTACTS = {
  main: { name: 'Perpetua Mainwaring', phone: '+12015550143', relationship: 'Friend' },
  patched: { name: 'Quentin Patchett', phone: '+12015550144', relationship: 'Friend' },
  removed: { name: 'Rowena Removal', phone: '+12015550145', relationship: 'Friend' },
} as const;
/** A contact the owner adds later (the realtime cases: an SOS that reaches someone new). */
export const LATER_CONTACT = { name: 'Theodora Latecomer', phone: '+12015550146' } as const;
const ESCORT_DESTINATION = 'Quartermaine Lane 9';

/** Sends a request and checks its status; answers the parsed body (undefined when empty). */
async function call<T>(
  sut: TestApp,
  request: { method: string; url: string; headers?: Headers; payload?: unknown },
  status: number,
): Promise<T> {
  const res = await sut.app.inject(request as InjectOptions);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

async function signUp(sut: TestApp, fullName: string, password = TEST_PASSWORD): Promise<Person> {
  const user = await signUpViaApi(sut, { fullName, password });
  return {
    id: user.id,
    email: user.email,
    password: user.password,
    fullName,
    token: user.session.access_token,
    refreshToken: user.session.refresh_token,
    headers: user.headers,
  };
}

/** The same person with a new session (POST /api/auth/token), as after a sign-in on another device. */
async function signIn(sut: TestApp, person: Person): Promise<Person> {
  const session = AuthSessionSchema.parse(
    await call(
      sut,
      {
        method: 'POST',
        url: '/api/auth/token?grant_type=password',
        payload: { email: person.email, password: person.password },
      },
      200,
    ),
  );
  return {
    ...person,
    token: session.access_token,
    refreshToken: session.refresh_token,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

/** Moves the server's clock (POST /api/dev/clock; the app runs with DEV_CLOCK_CONTROL). */
async function advanceClock(sut: TestApp, ms: number): Promise<void> {
  await call(sut, { method: 'POST', url: '/api/dev/clock', payload: { advanceMs: ms } }, 200);
}

/**
 * Builds the world. The dev clock makes the two links that must be dead without being revoked: one made a day
 * ago (expired), and the link of an SOS that ended, made an hour after it and so still valid but no longer the
 * one a new SOS reuses (a link is reused only while it has an hour left).
 */
export async function buildAuthorizationWorld(sut: TestApp): Promise<World> {
  const as = (person: Person) => ({ headers: person.headers });
  let owner = await signUp(sut, OWNER_NAME, OWNER_PASSWORD);
  const contactOf = (input: (typeof CONTACTS)[keyof typeof CONTACTS]) =>
    call<EmergencyContact>(sut, { method: 'POST', url: '/api/contacts', ...as(owner), payload: input }, 201);
  const contacts = {
    main: await contactOf(CONTACTS.main),
    patched: await contactOf(CONTACTS.patched),
    removed: await contactOf(CONTACTS.removed),
  };
  const newShareLink = () =>
    call<ShareLink>(sut, { method: 'POST', url: '/api/share-links', ...as(owner) }, 201);
  const expired = await newShareLink();

  // An hour later: an SOS whose text carries a new link, then "I'm safe".
  await advanceClock(sut, 3_600_000);
  owner = await signIn(sut, owner);
  const ended = await call<RaiseAlertResponse>(
    sut,
    { method: 'POST', url: '/api/alerts', ...as(owner), payload: { triggerType: 'manual' } },
    201,
  );
  await call(sut, { method: 'POST', url: `/api/alerts/${ended.alert.id}/resolve`, ...as(owner) }, 200);
  const endedSosLink = (await listShareLinks(sut, owner)).find((link) => link.sent_with_alert);
  if (!endedSosLink) throw new Error('the SOS text carried no link');

  // A day after the first link: it has expired; the ended SOS's link has half an hour left.
  await advanceClock(sut, SHARE_LINK_TTL_HOURS * 3_600_000 - 30 * 60_000);
  owner = await signIn(sut, owner);
  const stranger = await signUp(sut, 'Silvester Strangeways');
  const guardians: Record<GuardianRole, Person> = {
    'pending guardian': await signUp(sut, 'Penelope Pendleton'),
    'rejected guardian': await signUp(sut, 'Reginald Rejected'),
    'ended guardian': await signUp(sut, 'Edwina Endicott'),
    'active guardian': await signUp(sut, 'Augustus Activeworth'),
  };
  const spare = await signUp(sut, 'Sebastian Sparrow');
  const leaver = await signUp(sut, 'Lavinia Leavesley');
  const link = async (guardian: Person, answer: 'active' | 'rejected' | 'pending') =>
    (await linkGuardian(sut, guardian, owner, answer)).id;
  const links: World['links'] = {
    'pending guardian': await link(guardians['pending guardian'], 'pending'),
    'rejected guardian': await link(guardians['rejected guardian'], 'rejected'),
    'ended guardian': await link(guardians['ended guardian'], 'active'),
    'active guardian': await link(guardians['active guardian'], 'active'),
    spare: await link(spare, 'pending'),
    leaver: await link(leaver, 'active'),
  };
  // The owner moves while the ended guardian still watches; then that guardian ends the link.
  await postPosition(sut, owner);
  await endRelationship(sut, guardians['ended guardian'], links['ended guardian']);

  const live = await newShareLink();
  const revoked = await newShareLink();
  await call(sut, { method: 'DELETE', url: `/api/share-links/${revoked.id}`, ...as(owner) }, 204);
  const patched = await newShareLink();
  const removed = await newShareLink();

  const open = await call<RaiseAlertResponse>(
    sut,
    { method: 'POST', url: '/api/alerts', ...as(owner), payload: { triggerType: 'manual' } },
    201,
  );
  const sosLink = (await listShareLinks(sut, owner)).find(
    (candidate) => candidate.sent_with_alert && candidate.id !== endedSosLink.id,
  );
  if (!sosLink) throw new Error('the open SOS carried no new link');
  await postPosition(sut, owner);

  const escort = await call<EscortSession>(
    sut,
    {
      method: 'POST',
      url: '/api/escort-sessions',
      ...as(owner),
      payload: { destination_address: ESCORT_DESTINATION, estimated_duration_minutes: 30 },
    },
    201,
  );
  const checkin = await call<CheckIn>(
    sut,
    { method: 'POST', url: '/api/checkins', ...as(owner), payload: { interval_minutes: 30 } },
    201,
  );
  const invite = await call<InviteCode>(sut, { method: 'POST', url: '/api/invite-codes', ...as(owner) }, 201);
  const pushEndpoints = {
    kept: `https://fcm.googleapis.com/fcm/send/owner-kept-${randomUUID()}`,
    removed: `https://fcm.googleapis.com/fcm/send/owner-removed-${randomUUID()}`,
  };
  for (const endpoint of Object.values(pushEndpoints)) {
    await call(
      sut,
      { method: 'POST', url: '/api/push/subscriptions', ...as(owner), payload: pushSubscription(endpoint) },
      204,
    );
  }

  const shareLinks: World['shareLinks'] = {
    'link holder': live,
    'expired-link holder': expired,
    'revoked-link holder': revoked,
    'SOS-link holder': sosLink,
    'ended-SOS-link holder': endedSosLink,
    patched,
    removed,
  };
  const signedIn = (): Record<SignedInRole, Person> => ({ stranger, ...guardians, owner });
  const world: World = {
    sut,
    owner,
    stranger,
    guardians,
    spare,
    leaver,
    links,
    contacts,
    alerts: { ended: ended.alert.id, open: open.alert.id },
    escortId: escort.id,
    checkinId: checkin.id,
    shareLinks,
    pushEndpoints,
    position: OWNER_POSITION,
    markers: {
      private: [
        ...[...Object.values(CONTACTS), LATER_CONTACT].flatMap((contact) => [contact.name, contact.phone]),
        ended.alert.id,
        open.alert.id,
        String(OWNER_POSITION.latitude),
        String(OWNER_POSITION.longitude),
        escort.id,
        ESCORT_DESTINATION,
        checkin.id,
        ...Object.values(shareLinks).flatMap((shareLink) => [shareLink.id, shareLink.share_code]),
        invite.code,
        ...Object.values(pushEndpoints),
        owner.token,
        owner.refreshToken,
      ],
      identity: [owner.id, owner.email, OWNER_NAME],
    },
    credentials(role) {
      if (role === 'anonymous') return {};
      if (isLinkRole(role)) return { authorization: `Bearer ${shareLinks[role].share_code}` };
      return signedIn()[role].headers;
    },
    async freshCredentials(role) {
      if (!isSignedInRole(role)) return world.credentials(role);
      return (await signIn(sut, signedIn()[role])).headers;
    },
    person(role) {
      return signedIn()[role];
    },
  };
  return world;
}

export function isLinkRole(role: Role): role is LinkRole {
  return (LINK_ROLES as readonly Role[]).includes(role);
}

export function isSignedInRole(role: Role): role is SignedInRole {
  return (SIGNED_IN_ROLES as readonly Role[]).includes(role);
}

export function isGuardianRole(role: Role): role is GuardianRole {
  return (GUARDIAN_ROLES as readonly Role[]).includes(role);
}

/** A push subscription body for `endpoint` (keys in the shape browsers send). */
export function pushSubscription(endpoint: string): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  return {
    endpoint,
    keys: {
      p256dh: 'BERHLDQuxtWP83dRhRyJVqHMkPbU7tScx5yaHgmiE_Ba0a7niW1diXWFCQyxfcz16aKKbNpJOaDGUkpmZUN4aDM',
      auth: 'NvdFRmEKqYU0thRWBiHSSg',
    },
  };
}

/** The owner reports their position (always the same place: see `World.position`). */
export async function postPosition(sut: TestApp, owner: Person): Promise<void> {
  await call(
    sut,
    { method: 'POST', url: '/api/locations', headers: owner.headers, payload: OWNER_POSITION },
    200,
  );
}

async function listShareLinks(sut: TestApp, owner: Person): Promise<ShareLink[]> {
  const list = await call<ShareLinkListResponse>(
    sut,
    { method: 'GET', url: '/api/share-links', headers: owner.headers },
    200,
  );
  return list.links;
}
