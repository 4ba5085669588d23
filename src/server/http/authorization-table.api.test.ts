/**
 * Who may do what to a person's rows, as one table: every operation of /api/openapi.json × everyone around the
 * owner (testing/authorization-world.ts: anonymous, share-link holders in every state of their link, a stranger,
 * the owner's guardians in every state of their link, and the owner), plus the realtime socket. Each cell is
 * its own test case: the status and error code expected, and what the answer may show of the owner — their
 * private data (contacts, alerts, positions, journeys, codes), only who they are, or nothing at all.
 *
 * The rules the table writes down (docs/PRODUCT.md, "Roles and permissions"):
 * - a route that needs a session answers 401 to anyone without one, a share code in its place included, and to
 *   a session signed out since its token was issued, and changes nothing;
 * - someone else's id answers 404, exactly like an id that does not exist, and changes nothing;
 * - a guardian reads the ward's data only while the link is active (pending, rejected and ended get nothing,
 *   on every route and on the socket) and never changes the ward's rows;
 * - a share code shows the tracking page only while its link lives: not after it expired, not after it was
 *   revoked, and a link an SOS text carried shows no position once that SOS ended;
 * - a responder code (the answer link in a contact's SOS text) opens that one alert's page and answers it while
 *   the link is open; a closed one answers the 404 of a code nobody has.
 *
 * The table's keys must be exactly the document's operations (method and path): a new route fails the first
 * case until its row says who may call it.
 *
 * Order and throwaway rows. The world is built once. A case that is allowed to change something changes a row
 * kept for that case alone (a contact only the owner's PATCH case edits, a share link only the owner's DELETE
 * case revokes, the owner's spare relationship …), and each operation's cases run with the owner last, so every
 * refused attempt meets the row as it was. A refused attempt on a changing operation must leave the owner's
 * view of its target (`observe`) exactly as before. What an allowed case makes for itself (a contact, a
 * relationship from a redeemed code) it removes again (`after`); logging out uses a session of its own. The few
 * cases that must change a row other operations read (ending the owner's open SOS, escort and check-ins,
 * answering or ending the guardians' own links, deleting the account) are marked `late` and run after
 * everything else, account deletion last. The realtime cases run first: their events (a position, a journey
 * moved on, a further SOS press, a guardian's link ended) leave every row the table targets as it was.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CHANNEL } from '#shared/constants';
import type { ErrorCode } from '#shared/schemas/api-error';
import type { GuardianRelationship, RelationshipListResponse } from '#shared/schemas/guardian';
import type { ContactListResponse } from '#shared/schemas/contact-api';
import type { LocationRouteResponse } from '#shared/schemas/location';
import type { RealtimeServerMessage } from '#shared/schemas/realtime';
import type { ShareLinkListResponse } from '#shared/schemas/share-link';
import { pushAnswerToken } from '../modules/alerts/alert-response-test-helpers';
import { openSocket, type TestSocket } from '../modules/guardians/guardian-test-helpers';
import {
  buildAuthorizationWorld,
  isGuardianRole,
  isLinkRole,
  isResponderRole,
  isSignedInRole,
  LATER_CONTACT,
  postPosition,
  pushSubscription,
  ROLES,
  SIGNED_IN_ROLES,
  type Headers,
  type Role,
  type SignedInRole,
  type World,
} from '../testing/authorization-world';
import { createTestApp } from '../testing/test-app';
import { TEST_PASSWORD } from '../testing/test-auth';
import { OPENAPI_PATH } from './openapi';

/** What an answer may show of the owner (see `World.markers`). */
type Sees = 'private' | 'identity' | 'nothing';

type Outcome = {
  status: number;
  /** The error code of a refusal. */
  error?: ErrorCode;
  sees: Sees;
  /** The case is meant to change the row `observe` reads. */
  changes?: true;
  /** Runs after every other case: 1, then 2. */
  late?: 1 | 2;
};

type Cell = { world: World; role: Role };
type Request = { url: string; body?: unknown; headers?: Headers };

type Row = {
  /** The request: the owner's rows as targets, the role's credentials unless `headers` says otherwise. */
  request(cell: Cell): Request | Promise<Request>;
  expect: Record<Role, Outcome>;
  /** The owner's view of what the request targets; a case that does not `change` it leaves it as it was. */
  observe?(cell: Cell): Promise<unknown>;
  /** Puts back what an allowed case made for itself, so the next case meets the same world. */
  after?(cell: Cell, answer: LightMyRequestResponse): Promise<void>;
};

const answers = (status: number, sees: Sees): Outcome => ({ status, sees });
const refused = (status: number, error: ErrorCode): Outcome => ({ status, error, sees: 'nothing' });
const changing = (outcome: Outcome, late?: 1 | 2): Outcome => ({
  ...outcome,
  changes: true,
  ...(late ? { late } : {}),
});
const NOT_SIGNED_IN = refused(401, 'not_authenticated');
const NOT_FOUND = refused(404, 'not_found');

/** The same outcome whoever asks (public routes: a session or a share code changes nothing). */
function everyone(outcome: Outcome): Record<Role, Outcome> {
  return Object.fromEntries(ROLES.map((role) => [role, outcome])) as Record<Role, Outcome>;
}

/** A route that needs a session: 401 without one; `others` for every signed-in role not named. */
function signedIn(
  spec: { owner: Outcome; others: Outcome } & Partial<Record<SignedInRole, Outcome>>,
): Record<Role, Outcome> {
  const { others, ...named } = spec;
  return {
    ...everyone(NOT_SIGNED_IN),
    ...Object.fromEntries(SIGNED_IN_ROLES.map((role) => [role, others])),
    ...named,
  } as Record<Role, Outcome>;
}

/** The owner's row and nobody else's: 404 to every other signed-in role. */
const ownerOnly = (owner: Outcome): Record<Role, Outcome> => signedIn({ owner, others: NOT_FOUND });

/** Each signed-in role acts on its own rows; the owner's answer shows the owner's data, nobody else's does. */
const ownRows = (status: number, ownerSees: Sees = 'private'): Record<Role, Outcome> =>
  signedIn({ owner: answers(status, ownerSees), others: answers(status, 'nothing') });

/** A read of the wards' data: only the active guardian sees the owner's. */
const guardianRead = (): Record<Role, Outcome> =>
  signedIn({
    owner: answers(200, 'nothing'),
    others: answers(200, 'nothing'),
    'active guardian': answers(200, 'private'),
  });

/** A recording of the owner: the owner and an active guardian read it, nobody else. */
const recordingRead = (): Record<Role, Outcome> =>
  signedIn({ owner: answers(200, 'private'), others: NOT_FOUND, 'active guardian': answers(200, 'private') });

/** The share code a role presents (a link holder's own; anyone else one that is nobody's). */
const trackCode = (world: World, role: Role): string =>
  isLinkRole(role) ? world.shareLinks[role].share_code : MADE_UP_ID;

/**
 * A recording made during the open SOS, through a share code: the link that SOS's text carried plays it, and so
 * does the link the owner shared (the recording was made while it was live). The link of an SOS that ended plays
 * nothing; one revoked or expired says so.
 */
const linkPlays = (): Record<Role, Outcome> => ({
  ...everyone(NOT_FOUND),
  'link holder': answers(200, 'private'),
  'SOS-link holder': answers(200, 'private'),
  'ended-SOS-link holder': NOT_FOUND,
  'expired-link holder': refused(410, 'link_expired'),
  'revoked-link holder': refused(410, 'link_inactive'),
});

/** The responder code a role presents (a responder's own; anyone else one that is nobody's). */
const responderCodeOf = (world: World, role: Role): string =>
  isResponderRole(role) ? world.responderCodes[role] : 'a'.repeat(26);

const inject = (world: World, request: InjectOptions): Promise<LightMyRequestResponse> =>
  world.sut.app.inject(request);

async function ownerGet<T>(world: World, url: string): Promise<T> {
  const res = await inject(world, { method: 'GET', url, headers: world.owner.headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** The status of one of the owner's relationships as the owner's list shows it ('absent' once ended). */
async function relationshipStatus(world: World, id: string): Promise<string> {
  const { relationships } = await ownerGet<RelationshipListResponse>(world, '/api/guardian-relationships');
  return relationships.find((relationship) => relationship.id === id)?.status ?? 'absent';
}

async function shareLinkState(world: World, id: string): Promise<boolean | 'absent'> {
  const { links } = await ownerGet<ShareLinkListResponse>(world, '/api/share-links');
  return links.find((link) => link.id === id)?.is_active ?? 'absent';
}

async function contactState(world: World, id: string): Promise<unknown> {
  const { contacts } = await ownerGet<ContactListResponse>(world, '/api/contacts');
  return contacts.find((contact) => contact.id === id) ?? 'absent';
}

/** What the owner's own session reads of their account: still there, still signed in. */
async function ownerAccount(world: World): Promise<number> {
  const res = await inject(world, { method: 'GET', url: '/api/auth/user', headers: world.owner.headers });
  return res.statusCode;
}

/** Relationship operations: a guardian acts on their own link with the owner; see each row for the others. */
const ownLinkOr = (world: World, role: Role, otherwise: string): string =>
  isGuardianRole(role) ? world.links[role] : otherwise;
const patchTarget = ({ world, role }: Cell): string =>
  ownLinkOr(world, role, world.links['pending guardian']);
const deleteTarget = ({ world, role }: Cell): string =>
  ownLinkOr(world, role, role === 'owner' ? world.links.spare : world.links['active guardian']);

/** A place no one in the table is, for the readings and route points others send of themselves. */
const ELSEWHERE = { latitude: 10.5, longitude: 20.25 };
const MADE_UP_ID = '3f1b9c2e-7d4a-4e8b-9c1d-2a3b4c5d6e7f';

/**
 * A voice provider's callback about a delivery of the owner's open alert: public, but only the provider's
 * signature (X-Twilio-Signature) lets it in, and no session or share code stands in for it. Everyone gets 403 and
 * the alert's state, responses and timeline stay as they were.
 */
function voiceCallback(kind: 'status' | 'gather'): Row {
  return {
    request: async ({ world }) => {
      const { deliveries } = await ownerGet<{ deliveries: Array<{ id: string }> }>(
        world,
        `/api/alerts/${world.alerts.open}`,
      );
      return {
        url: `/api/voice/calls/${deliveries[0]!.id}/${kind}`,
        body: { CallStatus: 'completed', Digits: '1', AnsweredBy: 'human' },
      };
    },
    expect: everyone(refused(403, 'forbidden')),
    observe: async ({ world }) => {
      const { alert, responses, timeline } = await ownerGet<{
        alert: { state: string };
        responses: unknown[];
        timeline: unknown[];
      }>(world, `/api/alerts/${world.alerts.open}`);
      return { state: alert.state, responses, timeline };
    },
  };
}

const TABLE: Record<string, Row> = {
  'GET /api/realtime': {
    // Without an upgrade; the socket itself has its own cases below.
    request: () => ({ url: REALTIME_CHANNEL.path }),
    expect: everyone(NOT_FOUND),
  },
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: everyone(answers(200, 'nothing')) },
  'POST /api/auth/signup': {
    // The owner's e-mail: nobody gets a session of the owner's account by signing up with it.
    request: ({ world }) => ({
      url: '/api/auth/signup',
      body: { email: world.owner.email, password: TEST_PASSWORD, data: { full_name: 'Somebody Else' } },
    }),
    expect: everyone(refused(422, 'email_taken')),
  },
  'POST /api/auth/token': {
    request: ({ world }) => ({
      url: '/api/auth/token?grant_type=password',
      body: { email: world.owner.email, password: TEST_PASSWORD },
    }),
    expect: everyone(refused(400, 'invalid_credentials')),
  },
  'POST /api/auth/recover': {
    request: ({ world }) => ({ url: '/api/auth/recover', body: { email: world.owner.email } }),
    expect: everyone(answers(200, 'nothing')),
  },
  'POST /api/auth/verify': {
    request: () => ({
      url: '/api/auth/verify',
      body: { type: 'recovery', token: 'no-such-token-in-any-mail' },
    }),
    expect: everyone(refused(400, 'invalid_link')),
  },
  'GET /api/auth/verify': {
    request: () => ({ url: '/api/auth/verify?type=signup&token=no-such-token-in-any-mail' }),
    expect: everyone(answers(303, 'nothing')),
  },
  'POST /api/auth/logout': {
    // A session of its own, so that no other case loses the one it uses.
    request: async ({ world, role }) => ({
      url: '/api/auth/logout',
      headers: await world.freshCredentials(role),
    }),
    expect: signedIn({ owner: answers(204, 'nothing'), others: answers(204, 'nothing') }),
    observe: ({ world }) => ownerAccount(world),
  },
  'GET /api/auth/user': { request: () => ({ url: '/api/auth/user' }), expect: ownRows(200, 'identity') },
  'PUT /api/auth/user': {
    request: ({ world, role }) => ({
      url: '/api/auth/user',
      body: { data: { full_name: isSignedInRole(role) ? world.person(role).fullName : 'Nobody' } },
    }),
    expect: ownRows(200, 'identity'),
  },
  'DELETE /api/auth/user': {
    // The owner's password: it deletes only the account it belongs to, and only from that account's session.
    request: ({ world }) => ({
      url: '/api/auth/user',
      body: { confirmation: 'DELETE', current_password: world.owner.password },
    }),
    expect: signedIn({
      owner: changing(answers(204, 'nothing'), 2),
      others: refused(403, 'current_password_wrong'),
    }),
    observe: ({ world }) => ownerAccount(world),
  },
  'GET /api/profile': { request: () => ({ url: '/api/profile' }), expect: ownRows(200) },
  'PATCH /api/profile': {
    request: () => ({ url: '/api/profile', body: { sound_enabled: true } }),
    expect: ownRows(200),
  },
  'GET /api/escalation-settings': {
    request: () => ({ url: '/api/escalation-settings' }),
    expect: ownRows(200, 'nothing'),
  },
  'PATCH /api/escalation-settings': {
    request: () => ({ url: '/api/escalation-settings', body: { escalation_seconds: 90 } }),
    expect: ownRows(200, 'nothing'),
  },
  'GET /api/protection-settings': {
    request: () => ({ url: '/api/protection-settings' }),
    expect: ownRows(200),
  },
  'PATCH /api/protection-settings': {
    request: () => ({ url: '/api/protection-settings', body: { motionThreshold: 10 } }),
    expect: ownRows(200),
  },
  // The safety PIN: each person's own. Removing (none set) and checking (none set) change nobody's rows, so the
  // owner's alerts, escort and check-ins stay without a PIN for the cases below.
  'GET /api/safety-pin': { request: () => ({ url: '/api/safety-pin' }), expect: ownRows(200, 'nothing') },
  'PUT /api/safety-pin': {
    // The owner's password: it changes only the PINs of the account it belongs to.
    request: ({ world }) => ({
      url: '/api/safety-pin',
      body: { password: world.owner.password, safety_pin: null },
    }),
    expect: signedIn({
      owner: answers(200, 'nothing'),
      others: refused(403, 'current_password_wrong'),
    }),
  },
  'POST /api/safety-pin/check': {
    request: () => ({ url: '/api/safety-pin/check', body: { pin: '4827' } }),
    expect: ownRows(200, 'nothing'),
  },
  'GET /api/contacts': { request: () => ({ url: '/api/contacts' }), expect: ownRows(200) },
  'POST /api/contacts': {
    request: () => ({ url: '/api/contacts', body: { name: 'Neville Newcontact', phone: '+12015550160' } }),
    expect: ownRows(201, 'nothing'),
    // Nobody but the owner keeps a contact: the SOS and journey cases below need people without one.
    after: async ({ world, role }, answer) => {
      if (answer.statusCode !== 201) return;
      const res = await inject(world, {
        method: 'DELETE',
        url: `/api/contacts/${answer.json<{ id: string }>().id}`,
        headers: world.credentials(role),
      });
      expect(res.statusCode).toBe(204);
    },
  },
  'PATCH /api/contacts/{id}': {
    request: ({ world }) => ({
      url: `/api/contacts/${world.contacts.patched.id}`,
      body: { relationship: 'Family' },
    }),
    expect: ownerOnly(changing(answers(200, 'private'))),
    observe: ({ world }) => contactState(world, world.contacts.patched.id),
  },
  'DELETE /api/contacts/{id}': {
    request: ({ world }) => ({ url: `/api/contacts/${world.contacts.removed.id}` }),
    expect: ownerOnly(changing(answers(204, 'nothing'))),
    observe: ({ world }) => contactState(world, world.contacts.removed.id),
  },
  'POST /api/alerts': {
    // The owner's SOS joins the one already open; nobody else has a contact to text.
    request: () => ({ url: '/api/alerts', body: { triggerType: 'manual' } }),
    expect: signedIn({ owner: answers(200, 'private'), others: refused(400, 'no_emergency_contacts') }),
  },
  'GET /api/alerts': { request: () => ({ url: '/api/alerts' }), expect: ownRows(200) },
  'GET /api/wards/alerts': { request: () => ({ url: '/api/wards/alerts' }), expect: guardianRead() },
  'GET /api/alerts/{id}': {
    // The person's own alert; a guardian reads the ward's through /api/wards/alerts.
    request: ({ world }) => ({ url: `/api/alerts/${world.alerts.open}` }),
    expect: ownerOnly(answers(200, 'private')),
  },
  'GET /api/alerts/{id}/meeting-photo': {
    // The photo of the meeting the open SOS carries: the owner's, and shown to those who watch over them.
    request: ({ world }) => ({ url: `/api/alerts/${world.alerts.open}/meeting-photo` }),
    expect: signedIn({
      owner: answers(200, 'private'),
      others: NOT_FOUND,
      'active guardian': answers(200, 'private'),
    }),
  },
  'POST /api/alerts/{id}/resolve': {
    request: ({ world }) => ({ url: `/api/alerts/${world.alerts.open}/resolve` }),
    expect: ownerOnly(changing(answers(200, 'private'), 1)),
    observe: async ({ world }) =>
      (await ownerGet<{ alert: { status: string } }>(world, `/api/alerts/${world.alerts.open}`)).alert.status,
  },
  // "Test my safety network": the owner's alone. Others have nobody to reach, so their own drill is refused.
  'GET /api/safety-network': { request: () => ({ url: '/api/safety-network' }), expect: ownRows(200) },
  'POST /api/safety-network/drills': {
    // The owner's drill is open already: starting again answers it and sends nothing.
    request: () => ({ url: '/api/safety-network/drills' }),
    expect: signedIn({ owner: answers(200, 'private'), others: refused(400, 'no_emergency_contacts') }),
  },
  'GET /api/safety-network/drills/{id}': {
    request: ({ world }) => ({ url: `/api/safety-network/drills/${world.alerts.drill}` }),
    expect: ownerOnly(answers(200, 'private')),
  },
  'POST /api/safety-network/drills/{id}/end': {
    request: ({ world }) => ({ url: `/api/safety-network/drills/${world.alerts.drill}/end` }),
    expect: ownerOnly(changing(answers(200, 'private'), 1)),
    observe: async ({ world }) =>
      (await ownerGet<{ ended_at: string | null }>(world, `/api/safety-network/drills/${world.alerts.drill}`))
        .ended_at,
  },
  'POST /api/send-emergency-sms': {
    // The owner's contact's number: texting it is the owner's alone.
    request: ({ world }) => ({
      url: '/api/send-emergency-sms',
      body: { message: 'Please call me', phoneNumbers: [world.contacts.main.phone] },
    }),
    expect: signedIn({ owner: answers(200, 'private'), others: refused(400, 'validation_failed') }),
  },
  'POST /api/invite-codes': {
    request: () => ({ url: '/api/invite-codes' }),
    expect: ownRows(201, 'nothing'),
  },
  'GET /api/invite-codes': { request: () => ({ url: '/api/invite-codes' }), expect: ownRows(200) },
  'POST /api/invite-codes/redeem': {
    // A fresh code of the owner's for each case: holding it is what makes the holder a ward (the owner then
    // answers the request), so anyone signed in may redeem it, and nobody gains anything until the owner does.
    request: async ({ world }) => {
      const res = await inject(world, {
        method: 'POST',
        url: '/api/invite-codes',
        headers: world.owner.headers,
      });
      expect(res.statusCode).toBe(201);
      return { url: '/api/invite-codes/redeem', body: { code: res.json<{ code: string }>().code } };
    },
    expect: signedIn({ owner: refused(400, 'invalid_invite_code'), others: answers(201, 'identity') }),
    after: async ({ world, role }, answer) => {
      if (answer.statusCode !== 201) return;
      const res = await inject(world, {
        method: 'DELETE',
        url: `/api/guardian-relationships/${answer.json<GuardianRelationship>().id}`,
        headers: world.credentials(role),
      });
      expect(res.statusCode).toBe(204);
    },
  },
  'GET /api/guardian-relationships': {
    // Both parties of a link that has not ended see each other's name and e-mail.
    request: () => ({ url: '/api/guardian-relationships' }),
    expect: signedIn({
      owner: answers(200, 'identity'),
      others: answers(200, 'identity'),
      stranger: answers(200, 'nothing'),
      'ended guardian': answers(200, 'nothing'),
    }),
  },
  'PATCH /api/guardian-relationships/{id}': {
    // Each guardian answers their own link; the owner and everyone else try the pending one.
    request: (cell) => ({
      url: `/api/guardian-relationships/${patchTarget(cell)}`,
      body: { status: 'active' },
    }),
    expect: signedIn({
      owner: refused(403, 'forbidden'),
      others: NOT_FOUND,
      'pending guardian': changing(answers(200, 'identity'), 1),
      'active guardian': refused(409, 'conflict'),
      'rejected guardian': refused(409, 'conflict'),
    }),
    observe: (cell) => relationshipStatus(cell.world, patchTarget(cell)),
  },
  'DELETE /api/guardian-relationships/{id}': {
    // Each guardian ends their own link, the owner ends the spare request, everyone else tries the active link.
    request: (cell) => ({ url: `/api/guardian-relationships/${deleteTarget(cell)}` }),
    expect: signedIn({
      owner: changing(answers(204, 'nothing')),
      others: NOT_FOUND,
      'pending guardian': changing(answers(204, 'nothing'), 1),
      'active guardian': changing(answers(204, 'nothing'), 1),
      'rejected guardian': changing(answers(204, 'nothing'), 1),
    }),
    observe: (cell) => relationshipStatus(cell.world, deleteTarget(cell)),
  },
  'GET /api/wards': { request: () => ({ url: '/api/wards' }), expect: guardianRead() },
  'POST /api/wards/alerts/{id}/seen': {
    request: ({ world }) => ({ url: `/api/wards/alerts/${world.alerts.open}/seen` }),
    expect: signedIn({ owner: NOT_FOUND, others: NOT_FOUND, 'active guardian': answers(200, 'private') }),
  },
  'POST /api/voice/calls/{id}/status': voiceCallback('status'),
  'POST /api/voice/calls/{id}/gather': voiceCallback('gather'),
  'POST /api/wards/alerts/{id}/respond': {
    // Answering changes the open alert (acknowledged) but nothing another case reads.
    request: ({ world }) => ({
      url: `/api/wards/alerts/${world.alerts.open}/respond`,
      body: { response: 'on_my_way' },
    }),
    expect: signedIn({ owner: NOT_FOUND, others: NOT_FOUND, 'active guardian': answers(200, 'private') }),
  },
  'POST /api/alert-responses/push': {
    // The push's token is the credential: each signed-in role presents one made for itself for the owner's open
    // alert (as a push to them would carry), everyone else one nobody was given.
    request: async ({ world, role }) => ({
      url: '/api/alert-responses/push',
      body: {
        token: isSignedInRole(role)
          ? await pushAnswerToken(world.sut, world.alerts.open, world.person(role).id)
          : `bar1_${'0'.repeat(64)}${'A'.repeat(43)}`,
        response: 'calling',
      },
    }),
    expect: { ...everyone(NOT_FOUND), 'active guardian': answers(200, 'private') },
  },
  'POST /api/journeys/heartbeat': {
    request: () => ({ url: '/api/journeys/heartbeat', body: { battery: 64 } }),
    expect: ownRows(200, 'nothing'),
  },
  'POST /api/locations': {
    // Each person reports their own position; the owner's is the one the other views must recognise.
    request: ({ world, role }) => ({
      url: '/api/locations',
      body: role === 'owner' ? world.position : ELSEWHERE,
    }),
    expect: {
      ...ownRows(200, 'nothing'),
      // The owner's reading moves their newest place's check time.
      owner: changing(answers(200, 'nothing')),
    },
    // The owner's route as the owner reads it: a reading someone else sends never lands in it.
    observe: ({ world }) => ownerGet<LocationRouteResponse>(world, '/api/locations/route'),
  },
  'GET /api/locations/latest': {
    request: ({ world }) => ({ url: `/api/locations/latest?userId=${world.owner.id}` }),
    expect: signedIn({
      owner: answers(200, 'private'),
      others: NOT_FOUND,
      'active guardian': answers(200, 'private'),
    }),
  },
  'GET /api/locations/route': {
    request: ({ world }) => ({ url: `/api/locations/route?userId=${world.owner.id}` }),
    expect: signedIn({
      owner: answers(200, 'private'),
      others: NOT_FOUND,
      'active guardian': answers(200, 'private'),
    }),
  },
  'POST /api/share-links': { request: () => ({ url: '/api/share-links' }), expect: ownRows(201, 'nothing') },
  'GET /api/share-links': { request: () => ({ url: '/api/share-links' }), expect: ownRows(200) },
  'PATCH /api/share-links/{id}': {
    request: ({ world }) => ({
      url: `/api/share-links/${world.shareLinks.patched.id}`,
      body: { is_active: false },
    }),
    expect: ownerOnly(changing(answers(200, 'private'))),
    observe: ({ world }) => shareLinkState(world, world.shareLinks.patched.id),
  },
  'DELETE /api/share-links/{id}': {
    request: ({ world }) => ({ url: `/api/share-links/${world.shareLinks.removed.id}` }),
    expect: ownerOnly(changing(answers(204, 'nothing'))),
    observe: ({ world }) => shareLinkState(world, world.shareLinks.removed.id),
  },
  'GET /api/track/{shareCode}': {
    // The code is the permission: each holder presents theirs; everyone else, signed in or not, has none to
    // present and tries one that is nobody's.
    request: ({ world, role }) => ({
      url: `/api/track/${isLinkRole(role) ? world.shareLinks[role].share_code : MADE_UP_ID}`,
    }),
    expect: {
      ...everyone(NOT_FOUND),
      'link holder': answers(200, 'private'),
      'SOS-link holder': answers(200, 'private'),
      // The name and that the SOS ended, no position.
      'ended-SOS-link holder': answers(200, 'identity'),
      'expired-link holder': refused(410, 'link_expired'),
      'revoked-link holder': refused(410, 'link_inactive'),
    },
  },
  // Who has looked: each person's own log. Late, after the tracking and responder pages were opened, so the
  // owner's log holds those looks (their links' ids: private); the looks are written after each answer.
  'GET /api/sharing/views': {
    request: async ({ world }) => {
      await world.sut.app.idle();
      return { url: '/api/sharing/views' };
    },
    expect: signedIn({ owner: changing(answers(200, 'private'), 1), others: answers(200, 'nothing') }),
  },
  // Stop all sharing: each person ends their own links; nobody else's stop touches the owner's. Late: the owner's
  // ends the links the cases above use.
  'POST /api/sharing/stop': {
    request: () => ({ url: '/api/sharing/stop' }),
    expect: signedIn({ owner: changing(answers(200, 'nothing'), 1), others: answers(200, 'nothing') }),
    observe: async ({ world }) =>
      (await ownerGet<ShareLinkListResponse>(world, '/api/share-links')).links.map((link) => [
        link.id,
        link.is_active,
      ]),
  },
  'POST /api/recordings': {
    // The name of the owner's recording, with the owner's open SOS: the owner gets that recording back (a repeated
    // start); anyone else cannot name the owner's alert.
    request: ({ world }) => ({
      url: '/api/recordings',
      body: {
        clientId: world.recordings.sealed.client_id,
        type: 'video',
        mimeType: 'video/webm',
        origin: 'sos',
        alertId: world.alerts.open,
      },
    }),
    expect: signedIn({ owner: answers(200, 'private'), others: NOT_FOUND }),
  },
  'GET /api/recordings': { request: () => ({ url: '/api/recordings' }), expect: ownRows(200) },
  'PUT /api/recordings/{id}/chunks/{seq}': {
    // The owner's recording still recording: the owner adds its second piece.
    request: ({ world, role }) => ({
      url: `/api/recordings/${world.recordings.live.id}/chunks/1`,
      headers: { ...world.credentials(role), 'content-type': 'application/octet-stream' },
      body: Buffer.from('a piece of video'),
    }),
    expect: ownerOnly(answers(200, 'nothing')),
  },
  'POST /api/recordings/{id}/finish': {
    request: ({ world }) => ({
      url: `/api/recordings/${world.recordings.live.id}/finish`,
      body: { chunkCount: 2, reason: 'stopped' },
    }),
    expect: ownerOnly(changing(answers(200, 'private'), 1)),
    observe: async ({ world }) =>
      (await ownerGet<{ status: string }>(world, `/api/recordings/${world.recordings.live.id}`)).status,
  },
  'GET /api/recordings/{id}': {
    request: ({ world }) => ({ url: `/api/recordings/${world.recordings.sealed.id}` }),
    expect: recordingRead(),
  },
  'GET /api/recordings/{id}/manifest': {
    request: ({ world }) => ({ url: `/api/recordings/${world.recordings.sealed.id}/manifest` }),
    expect: recordingRead(),
  },
  'POST /api/recordings/{id}/playback': {
    request: ({ world }) => ({ url: `/api/recordings/${world.recordings.sealed.id}/playback` }),
    expect: recordingRead(),
  },
  'GET /api/recordings/{id}/media': {
    // The signed URL is the permission, whoever holds it (for its few minutes): here one the owner was given.
    request: async ({ world }) => {
      const res = await inject(world, {
        method: 'POST',
        url: `/api/recordings/${world.recordings.sealed.id}/playback`,
        headers: world.owner.headers,
      });
      expect(res.statusCode).toBe(200);
      return { url: res.json<{ media_url: string }>().media_url };
    },
    expect: everyone(answers(200, 'nothing')),
  },
  'GET /api/recordings/{id}/views': {
    request: ({ world }) => ({ url: `/api/recordings/${world.recordings.sealed.id}/views` }),
    expect: ownerOnly(answers(200, 'nothing')),
  },
  'DELETE /api/recordings/{id}': {
    request: ({ world }) => ({ url: `/api/recordings/${world.recordings.removed.id}` }),
    expect: ownerOnly(changing(answers(204, 'nothing'))),
    observe: async ({ world }) => {
      const url = `/api/recordings/${world.recordings.removed.id}`;
      return (await inject(world, { method: 'GET', url, headers: world.owner.headers })).statusCode;
    },
  },
  'GET /api/track/{shareCode}/recordings/{id}/manifest': {
    request: ({ world, role }) => ({
      url: `/api/track/${trackCode(world, role)}/recordings/${world.recordings.sealed.id}/manifest`,
    }),
    expect: linkPlays(),
  },
  'POST /api/track/{shareCode}/recordings/{id}/playback': {
    request: ({ world, role }) => ({
      url: `/api/track/${trackCode(world, role)}/recordings/${world.recordings.sealed.id}/playback`,
    }),
    expect: linkPlays(),
  },
  'POST /api/escort-sessions': {
    request: () => ({
      url: '/api/escort-sessions',
      body: { destination_address: '1 Elsewhere Road', estimated_duration_minutes: 30 },
    }),
    expect: signedIn({ owner: refused(409, 'conflict'), others: refused(400, 'no_emergency_contacts') }),
  },
  'GET /api/escort-sessions/active': {
    request: () => ({ url: '/api/escort-sessions/active' }),
    expect: ownRows(200),
  },
  'POST /api/escort-sessions/{id}/route': {
    request: ({ world }) => ({
      url: `/api/escort-sessions/${world.escortId}/route`,
      body: { points: [world.position] },
    }),
    expect: ownerOnly(changing(answers(200, 'private'))),
    observe: ({ world }) => ownerGet(world, '/api/escort-sessions/active'),
  },
  'POST /api/escort-sessions/{id}/extend': {
    request: ({ world }) => ({ url: `/api/escort-sessions/${world.escortId}/extend`, body: { minutes: 15 } }),
    expect: ownerOnly(changing(answers(200, 'private'))),
    observe: ({ world }) => ownerGet(world, '/api/escort-sessions/active'),
  },
  'POST /api/escort-sessions/{id}/complete': {
    request: ({ world }) => ({ url: `/api/escort-sessions/${world.escortId}/complete` }),
    expect: ownerOnly(changing(answers(200, 'private'), 1)),
    observe: ({ world }) => ownerGet(world, '/api/escort-sessions/active'),
  },
  'POST /api/checkins': {
    request: () => ({ url: '/api/checkins', body: { interval_minutes: 30 } }),
    expect: signedIn({ owner: refused(409, 'conflict'), others: refused(400, 'no_emergency_contacts') }),
  },
  'GET /api/checkins/active': { request: () => ({ url: '/api/checkins/active' }), expect: ownRows(200) },
  'POST /api/checkins/{id}/check-in': {
    request: ({ world }) => ({ url: `/api/checkins/${world.checkinId}/check-in` }),
    expect: ownerOnly(changing(answers(200, 'private'))),
    observe: ({ world }) => ownerGet(world, '/api/checkins/active'),
  },
  'POST /api/checkins/{id}/stop': {
    request: ({ world }) => ({ url: `/api/checkins/${world.checkinId}/stop` }),
    expect: ownerOnly(changing(answers(200, 'private'), 1)),
    observe: ({ world }) => ownerGet(world, '/api/checkins/active'),
  },
  'GET /api/wards/journeys': { request: () => ({ url: '/api/wards/journeys' }), expect: guardianRead() },
  'POST /api/nearby-places': {
    request: () => ({ url: '/api/nearby-places', body: { lat: 40.7128, lng: -74.006 } }),
    expect: ownRows(200, 'nothing'),
  },
  'GET /api/push/vapid-public-key': {
    request: () => ({ url: '/api/push/vapid-public-key' }),
    expect: everyone(answers(200, 'nothing')),
  },
  'POST /api/push/subscriptions': {
    // The owner's browser: taking it over would send the owner's pushes elsewhere.
    request: ({ world }) => ({
      url: '/api/push/subscriptions',
      body: pushSubscription(world.pushEndpoints.kept),
    }),
    expect: signedIn({ owner: answers(204, 'nothing'), others: refused(409, 'conflict') }),
  },
  'DELETE /api/push/subscriptions': {
    // Removing "the owner's browser" removes nothing of the owner's unless the owner asks.
    request: ({ world }) => ({
      url: '/api/push/subscriptions',
      body: { endpoint: world.pushEndpoints.removed },
    }),
    expect: signedIn({ owner: changing(answers(204, 'nothing')), others: answers(204, 'nothing') }),
    // Still the owner's: a third person who tries to subscribe it is refused.
    observe: async ({ world }) =>
      (
        await inject(world, {
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: world.spare.headers,
          payload: pushSubscription(world.pushEndpoints.removed),
        })
      ).statusCode,
  },
  'GET /api/dev/mail': {
    // The dev outbox belongs to whoever sits at the machine (loopback only): it lists every address it "sent" to.
    request: () => ({ url: '/api/dev/mail' }),
    expect: everyone(answers(200, 'identity')),
  },
  'GET /api/responder/{code}': {
    // The code is the permission: each responder presents theirs; everyone else one that is nobody's.
    request: ({ world, role }) => ({ url: `/api/responder/${responderCodeOf(world, role)}` }),
    expect: {
      ...everyone(NOT_FOUND),
      // The first name, the state, who answered and the position the owner lets contacts see.
      'responder-link holder': answers(200, 'private'),
      'ended-SOS responder-link holder': NOT_FOUND,
    },
  },
  'POST /api/responder/{code}/respond': {
    request: ({ world, role }) => ({
      url: `/api/responder/${responderCodeOf(world, role)}/respond`,
      body: { response: 'on_my_way' },
    }),
    expect: {
      ...everyone(NOT_FOUND),
      'responder-link holder': changing(answers(200, 'private')),
      'ended-SOS responder-link holder': NOT_FOUND,
    },
    // Who answered the open SOS, as the owner sees it.
    observe: async ({ world }) =>
      (await ownerGet<{ responses: unknown[] }>(world, `/api/alerts/${world.alerts.open}`)).responses,
  },
  'GET /api/dev/sms-outbox': { request: () => ({ url: '/api/dev/sms-outbox' }), expect: ownRows(200) },
  'POST /api/dev/clock': {
    request: () => ({ url: '/api/dev/clock', body: { advanceMs: 0 } }),
    expect: everyone(answers(200, 'nothing')),
  },
};

type Case = { operation: string; row: Row; role: Role; outcome: Outcome; name: string };

function describeOutcome(outcome: Outcome): string {
  if (outcome.error) return `${outcome.status} ${outcome.error}`;
  const shown = {
    private: "shows the owner's data",
    identity: 'shows who the owner is',
    nothing: 'shows nothing of the owner',
  };
  return `${outcome.status}, ${shown[outcome.sees]}`;
}

const CASES: Case[] = Object.entries(TABLE).flatMap(([operation, row]) =>
  ROLES.map((role) => {
    const outcome = row.expect[role];
    return { operation, row, role, outcome, name: `${role} → ${describeOutcome(outcome)}` };
  }),
);

// The app runs with the dev clock (the world uses it, and its route is in the table); limits that count every
// request of one address or account are lifted, since the whole table comes from one address.
const sut = await createTestApp({
  DEV_CLOCK_CONTROL: 'true',
  AUTH_MAX_REQUESTS_PER_ADDRESS: '1000000',
  AUTH_MAX_SIGNUPS_PER_ADDRESS: '1000000',
  AUTH_MAX_FAILED_SIGNINS: '1000000',
});
let world: World;

beforeAll(async () => {
  world = await buildAuthorizationWorld(sut);
}, 60_000);
afterAll(async () => {
  await sut.close();
});

async function runCase({ operation, row, role, outcome }: Case): Promise<void> {
  const [method] = operation.split(' ');
  const cell = { world, role };
  const request = await row.request(cell);
  const observed = row.observe && !outcome.changes ? await row.observe(cell) : undefined;
  const res = await sut.app.inject({
    method: method as InjectOptions['method'],
    url: request.url,
    headers: request.headers ?? world.credentials(role),
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  const context = `${operation} as ${role} (${request.url}): ${res.body}`;
  const error = res.statusCode >= 400 ? res.json<{ error?: string }>().error : undefined;
  expect({ status: res.statusCode, error }, context).toEqual({
    status: outcome.status,
    error: outcome.error,
  });
  expect(whatItShows(res), context).toEqual(outcome.sees);
  if (row.observe && !outcome.changes)
    expect(await row.observe(cell), `${context}: changed the target`).toEqual(observed);
  await row.after?.(cell, res);
}

/** Which of the owner's markers an answer carries (its body, and where a redirect points). */
function whatItShows(res: LightMyRequestResponse): Sees {
  const text = `${res.body} ${String(res.headers.location ?? '')}`;
  if (world.markers.private.some((marker) => text.includes(marker))) return 'private';
  if (world.markers.identity.some((marker) => text.includes(marker))) return 'identity';
  return 'nothing';
}

it('has a row for every operation of the OpenAPI document, and none for an operation it lacks', async () => {
  const doc = (await sut.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const documented = Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
  expect(Object.keys(TABLE).sort(), 'each operation needs a row saying who may call it').toEqual(documented);
});

describe('the realtime socket', () => {
  /** What each role may receive of the owner's events. */
  const RECEIVES: Record<Role, 'closed' | "the owner's events" | 'nothing of the owner'> = {
    ...(Object.fromEntries(ROLES.map((role) => [role, 'closed'])) as Record<Role, 'closed'>),
    stranger: 'nothing of the owner',
    'pending guardian': 'nothing of the owner',
    'rejected guardian': 'nothing of the owner',
    'ended guardian': 'nothing of the owner',
    'active guardian': "the owner's events",
    owner: "the owner's events",
  };
  /** The guardian-visible events the owner's actions below publish, one of each kind. */
  const OWNER_EVENT_TYPES = [
    'location.updated',
    'escort.updated',
    'checkin.updated',
    'alert.delivery_updated',
  ];
  const live = new Map<Role, TestSocket>();
  const closedBeforeReady = new Map<Role, number>();
  let leaver: TestSocket;
  const isLinkEnded = (message: RealtimeServerMessage): boolean =>
    message.type === 'relationship.updated' && message.payload.status === 'ended';

  /** Opens the socket as `role`: a session's token, a share code in its place, or nothing. */
  async function connect(role: Role, since?: number): Promise<TestSocket> {
    const query = new URLSearchParams(since === undefined ? {} : { since: String(since) });
    if (isSignedInRole(role)) query.set('access_token', world.person(role).token);
    if (isLinkRole(role)) query.set('access_token', world.shareLinks[role].share_code);
    if (isResponderRole(role)) query.set('access_token', world.responderCodes[role]);
    if (role === 'signed-out owner') {
      query.set('access_token', world.credentials(role).authorization!.slice('Bearer '.length));
    }
    const socket = await openSocket(sut.app, { query: query.toString(), waitForReady: isSignedInRole(role) });
    // Without any token, the first message must authenticate: asking for the owner's past is not that.
    if (role === 'anonymous') socket.send({ type: 'resume', since: 0 });
    return socket;
  }

  const ownerEvents = (messages: readonly RealtimeServerMessage[]) =>
    messages.filter(
      (message) => 'user_id' in message && message.user_id === world.owner.id && 'id' in message,
    );

  beforeAll(async () => {
    for (const role of ROLES) {
      const socket = await connect(role);
      if (isSignedInRole(role)) live.set(role, socket);
      else closedBeforeReady.set(role, await socket.closed);
    }
    // A guardian watching when the owner ends the link: from the moment the link ends, nothing more arrives.
    leaver = await openSocket(sut.app, { user: world.leaver });
    const unlinked = await sut.app.inject({
      method: 'DELETE',
      url: `/api/guardian-relationships/${world.links.leaver}`,
      headers: world.owner.headers,
    });
    expect(unlinked.statusCode).toBe(204);
    await leaver.waitFor(isLinkEnded);
    // The owner moves, adds time to the escort, checks in, and presses SOS again with a new contact (which the
    // open SOS then texts).
    const post = (url: string, payload?: unknown) =>
      sut.app.inject({ method: 'POST', url, headers: world.owner.headers, ...(payload ? { payload } : {}) });
    await postPosition(sut, world.owner);
    expect((await post(`/api/escort-sessions/${world.escortId}/extend`, { minutes: 5 })).statusCode).toBe(
      200,
    );
    expect((await post(`/api/checkins/${world.checkinId}/check-in`)).statusCode).toBe(200);
    expect((await post('/api/contacts', LATER_CONTACT)).statusCode).toBe(201);
    expect((await post('/api/alerts', { triggerType: 'manual' })).statusCode).toBe(200);
    for (const role of ['owner', 'active guardian'] as const) {
      for (const type of OWNER_EVENT_TYPES) {
        await live
          .get(role)!
          .waitFor((m) => m.type === type && 'user_id' in m && m.user_id === world.owner.id, 10_000);
      }
    }
    // Every event reached every socket it was for in the same step as the owner's; a pong sent after that step
    // arrives after anything else the socket was sent, so what a socket holds once its pong is in is all it got.
    for (const socket of [...live.values(), leaver]) {
      const pongs = socket.messages.filter((message) => message.type === 'pong').length;
      socket.send({ type: 'ping' });
      await socket.waitFor(() => socket.messages.filter((message) => message.type === 'pong').length > pongs);
    }
  }, 30_000);
  afterAll(() => {
    for (const socket of [...live.values(), leaver]) socket?.close();
  });

  function expectReceived(role: Role, messages: readonly RealtimeServerMessage[]): void {
    const text = JSON.stringify(messages);
    const privateSeen = world.markers.private.filter((marker) => text.includes(marker));
    if (RECEIVES[role] === "the owner's events") {
      const types = new Set(ownerEvents(messages).map((message) => message.type));
      for (const type of OWNER_EVENT_TYPES) expect([...types]).toContain(type);
      return;
    }
    expect(ownerEvents(messages)).toEqual([]);
    expect(privateSeen).toEqual([]);
    // Pending, rejected and ended guardians are told of their own link, which names the owner; a stranger is not.
    if (role === 'stranger') {
      expect(world.markers.identity.filter((marker) => text.includes(marker))).toEqual([]);
    }
  }

  for (const role of ROLES) {
    it(`live events: ${role} → ${RECEIVES[role]}`, () => {
      if (!isSignedInRole(role)) {
        expect(closedBeforeReady.get(role)).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);
        return;
      }
      expectReceived(role, live.get(role)!.messages);
    });
  }

  it('live events: a guardian connected while the owner ends the link → nothing of the owner from then on', () => {
    const after = leaver.messages.slice(leaver.messages.findIndex(isLinkEnded) + 1);
    expect(ownerEvents(after)).toEqual([]);
    const text = JSON.stringify(after);
    expect(world.markers.private.filter((marker) => text.includes(marker))).toEqual([]);
  });

  for (const role of ROLES) {
    it(`catch-up from the first event: ${role} → ${RECEIVES[role]}`, () => catchUp(role));
  }

  async function catchUp(role: Role): Promise<void> {
    const socket = await connect(role, 0);
    try {
      if (!isSignedInRole(role)) {
        expect(await socket.closed).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);
        return;
      }
      await socket.waitFor((message) => message.type === 'resumed', 10_000);
      expectReceived(role, socket.messages);
      if (RECEIVES[role] === "the owner's events") {
        // Including the SOS raised while the guardian watched.
        expect(
          ownerEvents(socket.messages).some(
            (event) => event.type === 'alert.created' && JSON.stringify(event).includes(world.alerts.open),
          ),
        ).toBe(true);
      }
    } finally {
      socket.close();
    }
  }
});

for (const operation of Object.keys(TABLE)) {
  describe(operation, () => {
    for (const c of CASES.filter((c) => c.operation === operation && !c.outcome.late))
      it(c.name, () => runCase(c));
  });
}

describe('cases that change what the others read, last', () => {
  const late = CASES.filter((c) => c.outcome.late).sort((a, b) => a.outcome.late! - b.outcome.late!);
  for (const c of late) it(`${c.operation}: ${c.name}`, () => runCase(c));
});
