/**
 * The people and rows the authorization table (http/authorization-table.api.test.ts) asks about: one owner with
 * a bit of everything, and everyone else who might try to read or change it. Built once per test file, only
 * through the HTTP API (and the dev clock), so the table proves what the server does whatever code decides it.
 *
 * Who is who:
 * - the owner: contacts, a past SOS that ended and an open one (carrying a meeting with a photo), recordings made
 *   during it, a position, an escort, check-ins, share links in every state, invite codes, push subscriptions, AI
 *   Protection settings of their own, and guardians in every relationship state;
 * - a stranger: another signed-in person with no link to the owner;
 * - the owner's guardians: one whose request is pending, one active, one rejected, and one whose link ended (it
 *   was active, and the owner moved meanwhile, so there is something it must no longer see);
 * - share-link holders: nobody signed in, holding one of the owner's codes (a live link, one past its expiry,
 *   one the owner revoked, the link an SOS text carried while that SOS is open, and one whose SOS ended);
 * - responder-link holders: the owner's main contact, holding the answer link of the open SOS's text, or of the
 *   text of the SOS that ended a day ago (closed by now);
 * - the signed-out owner: the owner's own account, through a session signed out since (its token is still
 *   unexpired and validly signed, so only the session's row says it no longer counts);
 * - anonymous: nobody signed in, holding nothing.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { AuthSessionSchema } from '#shared/schemas/auth-session';
import type { InviteCode } from '#shared/schemas/guardian';
import type { CreateAlertRequest, RaiseAlertResponse } from '#shared/schemas/alert';
import type { DevSmsList } from '#shared/schemas/dev-sms';
import type { CheckIn, EscortSession } from '#shared/schemas/journey';
import type { EmergencyContact } from '#shared/schemas/profile';
import type { Recording } from '#shared/schemas/recording';
import type { ShareLink, ShareLinkListResponse } from '#shared/schemas/share-link';
import { SHARE_LINK_TTL_HOURS } from '#shared/constants';
import { endRelationship, linkGuardian } from '../modules/guardians/guardian-test-helpers';
import {
  finishedRecording,
  pieces,
  startRecording,
  storePiece,
} from '../modules/recordings/recording-test-helpers';
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
  'responder-link holder',
  'ended-SOS responder-link holder',
  'signed-out owner',
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

/** Contacts holding the answer link their SOS text carried (the responder page). */
export const RESPONDER_ROLES = [
  'responder-link holder',
  'ended-SOS responder-link holder',
] as const satisfies readonly Role[];
export type ResponderRole = (typeof RESPONDER_ROLES)[number];

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
  /** `drill`: the owner's open "Test my safety network" drill (only the owner's end case ends it). */
  alerts: { ended: string; open: string; drill: string };
  escortId: string;
  checkinId: string;
  shareLinks: Record<LinkRole | 'patched' | 'removed', ShareLink>;
  /** The responder code each responder role holds (read from the texts in the dev outbox). */
  responderCodes: Record<ResponderRole, string>;
  /**
   * The owner's recordings, made during the open SOS: `sealed` (finished, with that SOS), `live` (still recording:
   * the owner's piece and finish cases use it) and `removed` (only the owner's DELETE case deletes it).
   */
  recordings: { sealed: Recording; live: Recording; removed: Recording };
  /** Browsers the owner subscribed to pushes: one stays, one only the owner's DELETE case removes. */
  pushEndpoints: { kept: string; removed: string };
  /** The owner's position (every reading the owner sends is here, so a guardian's view of it is recognisable). */
  position: { latitude: number; longitude: number };
  /**
   * Strings that appear in an answer only when it shows the owner's data: `private` (contacts, alerts,
   * positions, journeys, codes, tokens) and `identity` (who the owner is: id, name, e-mail).
   */
  markers: { private: string[]; identity: string[] };
  /**
   * What a role sends to be who it is: a session's bearer token, a share or responder code in its place, or
   * nothing.
   */
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
/** The meeting the open SOS carries; its photo is a JPEG's first bytes and words only this photo holds. */
const MEETING_PHOTO_WORDS = 'Quartermaine meeting photo';
const OWNER_MEETING = {
  person: 'Montague Meetingham',
  location: 'Oyster Bar Quartermaine',
  startAt: '2026-01-01T18:00:00.000Z',
  endAt: null,
  notes: 'Quartermaine meeting notes',
  photo: `data:image/jpeg;base64,${Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(MEETING_PHOTO_WORDS),
    Buffer.from([0xff, 0xd9]),
  ]).toString('base64')}`,
} as const;
/** A keyword of the owner's AI Protection settings (only the owner's own answers hold it). */
const OWNER_KEYWORD = 'quartermaine cipher';

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

/** Sends `url` as `person` and checks the status (the world's own requests: any surprise stops the build). */
function as(sut: TestApp, person: Person) {
  return <T>(method: string, url: string, status: number, payload?: unknown): Promise<T> =>
    call<T>(
      sut,
      { method, url, headers: person.headers, ...(payload === undefined ? {} : { payload }) },
      status,
    );
}

/**
 * The owner and their past. The dev clock makes the two links that must be dead without being revoked: one made
 * a day ago (expired by now), and the link of an SOS that ended, made an hour later, so still valid but no
 * longer one a new SOS reuses (a link is reused only while it has an hour left).
 */
async function ownerWithAPast(sut: TestApp) {
  let owner = await signUp(sut, OWNER_NAME, OWNER_PASSWORD);
  const contact = (input: (typeof CONTACTS)[keyof typeof CONTACTS]) =>
    as(sut, owner)<EmergencyContact>('POST', '/api/contacts', 201, input);
  const contacts = {
    main: await contact(CONTACTS.main),
    patched: await contact(CONTACTS.patched),
    removed: await contact(CONTACTS.removed),
  };
  const expired = await as(sut, owner)<ShareLink>('POST', '/api/share-links', 201);

  // An hour later: an SOS, whose text carries a new link, then "I'm safe".
  await advanceClock(sut, 3_600_000);
  owner = await signIn(sut, owner);
  const endedAlert = await raiseSos(sut, owner);
  const endedResponderCode = await newestResponderCode(sut, owner, contacts.main.phone);
  await as(sut, owner)('POST', `/api/alerts/${endedAlert}/resolve`, 200);
  const endedSosLink = (await listShareLinks(sut, owner)).find((link) => link.sent_with_alert);
  if (!endedSosLink) throw new Error('the SOS text carried no link');

  // A day after the first link.
  await advanceClock(sut, SHARE_LINK_TTL_HOURS * 3_600_000 - 30 * 60_000);
  owner = await signIn(sut, owner);
  return { owner, contacts, expired, endedAlert, endedSosLink, endedResponderCode };
}

/** The people around the owner, and the owner's link with each guardian. */
async function peopleAround(sut: TestApp, owner: Person) {
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
  return { stranger, guardians, spare, leaver, links };
}

/** What the owner has now: share links, an open SOS with its link, a journey of each kind, codes, browsers. */
async function ownerToday(
  sut: TestApp,
  owner: Person,
  past: { endedSosLink: ShareLink; mainPhone: string; endedResponderCode: string },
) {
  const { endedSosLink } = past;
  const send = as(sut, owner);
  const live = await send<ShareLink>('POST', '/api/share-links', 201);
  const revoked = await send<ShareLink>('POST', '/api/share-links', 201);
  await send('DELETE', `/api/share-links/${revoked.id}`, 204);
  const patched = await send<ShareLink>('POST', '/api/share-links', 201);
  const removed = await send<ShareLink>('POST', '/api/share-links', 201);

  const openAlert = await raiseSos(sut, owner, { triggerType: 'manual', meeting: OWNER_MEETING });
  const sosLink = (await listShareLinks(sut, owner)).find(
    (candidate) => candidate.sent_with_alert && candidate.id !== endedSosLink.id,
  );
  if (!sosLink) throw new Error('the open SOS carried no new link');
  const responderCode = await newestResponderCode(sut, owner, past.mainPhone, past.endedResponderCode);
  await postPosition(sut, owner);

  const recordings = {
    sealed: await finishedRecording(sut, owner, pieces(2), { alertId: openAlert, origin: 'sos' }),
    live: await startRecording(sut, owner, { origin: 'active_alert' }),
    removed: await finishedRecording(sut, owner, pieces(1)),
  };
  await storePiece(sut, owner, recordings.live.id, 0, pieces(1)[0]!);

  const escort = await send<EscortSession>('POST', '/api/escort-sessions', 201, {
    destination_address: ESCORT_DESTINATION,
    estimated_duration_minutes: 30,
  });
  const checkin = await send<CheckIn>('POST', '/api/checkins', 201, { interval_minutes: 30 });
  const invite = await send<InviteCode>('POST', '/api/invite-codes', 201);
  await send('PATCH', '/api/protection-settings', 200, { keywords: [OWNER_KEYWORD] });
  const pushEndpoints = {
    kept: `https://fcm.googleapis.com/fcm/send/owner-kept-${randomUUID()}`,
    removed: `https://fcm.googleapis.com/fcm/send/owner-removed-${randomUUID()}`,
  };
  for (const endpoint of Object.values(pushEndpoints)) {
    await send('POST', '/api/push/subscriptions', 204, pushSubscription(endpoint));
  }
  return {
    shareLinks: { live, revoked, patched, removed, sosLink },
    openAlert,
    responderCode,
    recordings,
    escortId: escort.id,
    checkinId: checkin.id,
    inviteCode: invite.code,
    pushEndpoints,
  };
}

/** Builds the world (about 60 requests). */
export async function buildAuthorizationWorld(sut: TestApp): Promise<World> {
  const past = await ownerWithAPast(sut);
  const { owner } = past;
  const people = await peopleAround(sut, owner);
  const today = await ownerToday(sut, owner, {
    endedSosLink: past.endedSosLink,
    mainPhone: past.contacts.main.phone,
    endedResponderCode: past.endedResponderCode,
  });
  // Started last, after the responder codes were read from the texts: its own texts must not be taken for them.
  const drill = await as(sut, owner)<{ id: string }>('POST', '/api/safety-network/drills', 201);
  const responderCodes: World['responderCodes'] = {
    'responder-link holder': today.responderCode,
    'ended-SOS responder-link holder': past.endedResponderCode,
  };
  const shareLinks: World['shareLinks'] = {
    'link holder': today.shareLinks.live,
    'expired-link holder': past.expired,
    'revoked-link holder': today.shareLinks.revoked,
    'SOS-link holder': today.shareLinks.sosLink,
    'ended-SOS-link holder': past.endedSosLink,
    patched: today.shareLinks.patched,
    removed: today.shareLinks.removed,
  };
  const signedIn: Record<SignedInRole, Person> = { stranger: people.stranger, ...people.guardians, owner };
  const signedOut = await signIn(sut, owner);
  await as(sut, signedOut)('POST', '/api/auth/logout', 204);
  const world: World = {
    sut,
    ...people,
    owner,
    contacts: past.contacts,
    alerts: { ended: past.endedAlert, open: today.openAlert, drill: drill.id },
    recordings: today.recordings,
    escortId: today.escortId,
    checkinId: today.checkinId,
    shareLinks,
    responderCodes,
    pushEndpoints: today.pushEndpoints,
    position: OWNER_POSITION,
    markers: {
      private: [
        ...[...Object.values(CONTACTS), LATER_CONTACT].flatMap((contact) => [contact.name, contact.phone]),
        past.endedAlert,
        today.openAlert,
        drill.id,
        ...Object.values(today.recordings).flatMap((recording) => [recording.id, recording.client_id]),
        String(OWNER_POSITION.latitude),
        String(OWNER_POSITION.longitude),
        today.escortId,
        ESCORT_DESTINATION,
        today.checkinId,
        ...Object.values(shareLinks).flatMap((shareLink) => [shareLink.id, shareLink.share_code]),
        ...Object.values(responderCodes),
        today.inviteCode,
        ...Object.values(today.pushEndpoints),
        OWNER_MEETING.person,
        OWNER_MEETING.location,
        OWNER_MEETING.notes,
        MEETING_PHOTO_WORDS,
        OWNER_KEYWORD,
        owner.token,
        owner.refreshToken,
      ],
      identity: [owner.id, owner.email, OWNER_NAME],
    },
    credentials(role) {
      if (role === 'anonymous') return {};
      if (isLinkRole(role)) return { authorization: `Bearer ${shareLinks[role].share_code}` };
      if (isResponderRole(role)) return { authorization: `Bearer ${responderCodes[role]}` };
      if (role === 'signed-out owner') return signedOut.headers;
      return signedIn[role].headers;
    },
    async freshCredentials(role) {
      if (!isSignedInRole(role)) return world.credentials(role);
      return (await signIn(sut, signedIn[role])).headers;
    },
    person(role) {
      return signedIn[role];
    },
  };
  return world;
}

export function isLinkRole(role: Role): role is LinkRole {
  return (LINK_ROLES as readonly Role[]).includes(role);
}

export function isResponderRole(role: Role): role is ResponderRole {
  return (RESPONDER_ROLES as readonly Role[]).includes(role);
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
  await as(sut, owner)('POST', '/api/locations', 200, OWNER_POSITION);
}

/** Presses SOS as `person` (raising a new alert); answers its id. */
async function raiseSos(
  sut: TestApp,
  person: Person,
  request: CreateAlertRequest = { triggerType: 'manual' },
): Promise<string> {
  const send = as(sut, person);
  return (await send<RaiseAlertResponse>('POST', '/api/alerts', 201, request)).alert.id;
}

async function listShareLinks(sut: TestApp, owner: Person): Promise<ShareLink[]> {
  return (await as(sut, owner)<ShareLinkListResponse>('GET', '/api/share-links', 200)).links;
}

/**
 * The answer link of the newest SOS text to `phone` (the dev outbox, as the owner reads it): its code. The text
 * is in the outbox once its first attempt finished, which the SOS request waits for.
 */
async function newestResponderCode(
  sut: TestApp,
  owner: Person,
  phone: string,
  except?: string,
): Promise<string> {
  await sut.app.idle();
  const { messages } = await as(sut, owner)<DevSmsList>('GET', '/api/dev/sms-outbox', 200);
  const code = messages
    .filter((message) => message.to === phone)
    .map((message) => /\nAnswer: \S+\/r\/([a-z2-7]+)/.exec(message.body)?.[1])
    .find((found) => found !== undefined && found !== except);
  if (!code) throw new Error('the SOS text carried no answer link');
  return code;
}
