/**
 * The meeting an alert carries (POST /api/alerts `meeting`): stored with the alert, named in the contacts' text,
 * shown with its photo to the person and their active guardians, and to nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_TEXTS } from '#shared/meeting-texts';
import type {
  AlertDetail,
  AlertListResponse,
  CreateAlertRequest,
  RaiseAlertResponse,
  WardAlertListResponse,
} from '#shared/schemas/alert';
import { MEETING, type AlertMeeting } from '#shared/schemas/meeting';
import type { RealtimeEventOf } from '#shared/schemas/realtime';
import { addContact } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { endRelationship, linkGuardian, openSocket } from '../guardians/guardian-test-helpers';

type InjectResult = Awaited<ReturnType<TestApp['app']['inject']>>;

/** 19:45 EST on 15 January: the meeting started at 19:30 and is expected to end at 21:00. */
const RAISED_AT = new Date('2026-01-16T00:45:00Z');
const MEETING_START = '2026-01-16T00:30:00.000Z';
const MEETING_END = '2026-01-16T02:00:00.000Z';

/** A JPEG's first bytes, then `filler`: what the server checks of an image is that it is the type it says. */
function jpeg(filler: string | number): Buffer {
  const body = typeof filler === 'string' ? Buffer.from(filler) : Buffer.alloc(filler, 0x42);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), body, Buffer.from([0xff, 0xd9])]);
}
const dataUrl = (bytes: Buffer, type = 'image/jpeg'): string =>
  `data:${type};base64,${bytes.toString('base64')}`;

const PHOTO = jpeg('a photo of Sam Jones at the bar');
const MEETING_OF_RECORD: AlertMeeting = {
  person: 'Sam Jones',
  location: 'Café Rio',
  startAt: MEETING_START,
  endAt: MEETING_END,
  notes: 'Met on a dating app; blue jacket',
  photo: dataUrl(PHOTO),
};
const MEETING_VIEW = {
  person: 'Sam Jones',
  location: 'Café Rio',
  startAt: MEETING_START,
  endAt: MEETING_END,
  notes: 'Met on a dating app; blue jacket',
  hasPhoto: true,
};
const MEETING_LINE = 'Meeting: Sam Jones at Café Rio, since 19:30 EST (expected to end 21:00 EST).';

describe('the meeting an alert carries', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
    sut.clock.set(RAISED_AT);
  });
  afterAll(() => sut?.close());

  /** Someone in New York with one contact. */
  const person = async (name = 'Jane Doe'): Promise<TestUser> => {
    const user = await createTestUser(sut, name);
    await addContact(sut, user, '+12015550123');
    const zone = await sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: user.headers,
      payload: { time_zone: 'America/New_York' },
    });
    expect(zone.statusCode).toBe(200);
    return user;
  };
  const raise = (
    user: TestUser,
    payload: Partial<CreateAlertRequest> & Record<string, unknown>,
    key?: string,
  ): Promise<InjectResult> =>
    sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { triggerType: 'voice', ...payload },
    });
  const raised = async (user: TestUser, payload: Partial<CreateAlertRequest>, key?: string) => {
    const res = await raise(user, payload, key);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<RaiseAlertResponse>();
  };
  const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
    sut.app.inject({ method: 'GET', url, headers: { ...(user?.headers ?? {}), ...headers } });
  const photoUrl = (alertId: string): string => `/api/alerts/${alertId}/meeting-photo`;
  /** The texts the person's contacts received (only those to `recipient`, when given). */
  const textsOf = async (user: TestUser, recipient?: string): Promise<string[]> =>
    (
      await sut.db.query<{ body: string }>(
        `SELECT body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 AND ($2::text IS NULL OR recipient = $2)
         ORDER BY created_at, id`,
        [user.id, recipient ?? null],
      )
    ).rows.map((row) => row.body);
  const storedMeetings = async (user: TestUser): Promise<number> =>
    (
      await sut.db.query(
        'SELECT 1 FROM alert_meetings m JOIN alerts a ON a.id = m.alert_id WHERE a.user_id = $1',
        [user.id],
      )
    ).rows.length;

  it('is stored with the alert, named in the text and shown to the person, photo included', async () => {
    const jane = await person();
    const answer = await raised(jane, { meeting: MEETING_OF_RECORD });
    expect(answer.outcome).toBe('created');
    expect(answer.alert.meeting).toEqual(MEETING_VIEW);

    const [text] = await textsOf(jane);
    expect(text).toContain('Jane Doe may need help (raised by a spoken keyword).');
    expect(text).toContain(`\n${MEETING_LINE}\n`);
    // The notes and the photo stay out of the text.
    expect(text).not.toContain('dating app');
    expect(text).not.toContain('base64');

    const one = await get(jane, `/api/alerts/${answer.alert.id}`);
    expect(one.json<AlertDetail>().alert.meeting).toEqual(MEETING_VIEW);
    const list = await get(jane, '/api/alerts');
    expect(list.json<AlertListResponse>().alerts[0]!.alert.meeting).toEqual(MEETING_VIEW);

    const photo = await get(jane, photoUrl(answer.alert.id));
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.equals(PHOTO)).toBe(true);
  });

  it('reaches an active guardian (ward alerts, the live event, the photo) and no other guardian or stranger', async () => {
    const ward = await person('Wanda Ward');
    const active = await createTestUser(sut, 'Active Guardian');
    const pending = await createTestUser(sut, 'Pending Guardian');
    const ended = await createTestUser(sut, 'Ended Guardian');
    const stranger = await createTestUser(sut, 'Stranger Danger');
    await linkGuardian(sut, active, ward, 'active');
    await linkGuardian(sut, pending, ward, 'pending');
    const endedLink = await linkGuardian(sut, ended, ward, 'active');
    await endRelationship(sut, ended, endedLink.id);
    const watching = await openSocket(sut.app, { user: active });
    const strangerSocket = await openSocket(sut.app, { user: stranger });
    try {
      const answer = await raised(ward, { meeting: MEETING_OF_RECORD });
      const event = (await watching.waitFor(
        (message) => message.type === 'alert.created' && message.user_id === ward.id,
      )) as RealtimeEventOf<'alert.created'>;
      expect(event.payload.meeting).toEqual(MEETING_VIEW);
      await strangerSocket.roundTrip();
      expect(JSON.stringify(strangerSocket.messages)).not.toContain('Sam Jones');

      const wardAlerts = await get(active, '/api/wards/alerts');
      expect(wardAlerts.json<WardAlertListResponse>().alerts[0]!.alert.meeting).toEqual(MEETING_VIEW);
      const photo = await get(active, photoUrl(answer.alert.id));
      expect(photo.statusCode).toBe(200);
      expect(photo.rawPayload.equals(PHOTO)).toBe(true);

      for (const other of [pending, ended, stranger]) {
        const refused = await get(other, photoUrl(answer.alert.id));
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ error: 'not_found' });
        expect((await get(other, '/api/wards/alerts')).body).not.toContain('Sam Jones');
        expect((await get(other, `/api/alerts/${answer.alert.id}`)).statusCode).toBe(404);
      }
      expect((await get(null, photoUrl(answer.alert.id))).statusCode).toBe(401);
    } finally {
      watching.close();
      strangerSocket.close();
    }
  });

  it('is not on the tracking page the text’s link opens, and the link is no key to the photo', async () => {
    const jane = await person();
    const answer = await raised(jane, { meeting: MEETING_OF_RECORD });
    const [text] = await textsOf(jane);
    const code = /\/track\/([^\s/]+)/.exec(text!)?.[1];
    expect(code).toBeDefined();
    const page = await get(null, `/api/track/${code}`);
    expect(page.statusCode).toBe(200);
    for (const secret of ['Sam Jones', 'Café Rio', 'dating app', 'hasPhoto', 'meeting']) {
      expect(page.body).not.toContain(secret);
    }
    const withCode = await get(null, photoUrl(answer.alert.id), { authorization: `Bearer ${code}` });
    expect(withCode.statusCode).toBe(401);
  });

  it('stores nothing for an alert without a meeting, and says nothing of one', async () => {
    const jane = await person();
    const answer = await raised(jane, {});
    expect(answer.alert.meeting).toBeNull();
    expect(await storedMeetings(jane)).toBe(0);
    expect((await textsOf(jane))[0]).not.toContain('Meeting');
    expect((await get(jane, photoUrl(answer.alert.id))).statusCode).toBe(404);
  });

  it('a meeting without a photo, an end or a name: shown as such, the text says so', async () => {
    const jane = await person();
    const answer = await raised(jane, {
      meeting: { ...MEETING_OF_RECORD, person: '  ', endAt: null, photo: null },
    });
    expect(answer.alert.meeting).toEqual({ ...MEETING_VIEW, person: '', endAt: null, hasPhoto: false });
    expect((await textsOf(jane))[0]).toContain('Meeting: Person not specified at Café Rio, since 19:30 EST.');
    expect((await get(jane, photoUrl(answer.alert.id))).statusCode).toBe(404);
  });

  it('joins an open alert: its meeting goes with that alert only when it has none yet', async () => {
    const jane = await person();
    const first = await raised(jane, {});
    await addContact(sut, jane, '+12015550124', 'Dad');
    const joined = await raised(jane, { meeting: MEETING_OF_RECORD });
    expect(joined).toMatchObject({ outcome: 'joined', alert: { id: first.alert.id, meeting: MEETING_VIEW } });
    // Dad, reached by this press, reads the meeting.
    expect((await textsOf(jane, '+12015550124'))[0]).toContain(MEETING_LINE);
    expect((await textsOf(jane, '+12015550123'))[0]).not.toContain('Meeting');
    const again = await raised(jane, { meeting: { ...MEETING_OF_RECORD, person: 'Someone Else' } });
    expect(again).toMatchObject({ outcome: 'joined', alert: { meeting: MEETING_VIEW } });
    expect(await storedMeetings(jane)).toBe(1);
  });

  it('is part of what an Idempotency-Key stands for', async () => {
    const jane = await person();
    const first = await raise(jane, { meeting: MEETING_OF_RECORD }, 'meeting-key');
    expect(first.statusCode).toBe(201);
    const replay = await raise(jane, { meeting: MEETING_OF_RECORD, raisedSecondsAgo: 30 }, 'meeting-key');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'repeated' });
    for (const meeting of [
      { ...MEETING_OF_RECORD, location: 'Elsewhere' },
      { ...MEETING_OF_RECORD, photo: dataUrl(jpeg('another photo')) },
      undefined,
    ]) {
      const reused = await raise(jane, meeting ? { meeting } : {}, 'meeting-key');
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ error: 'idempotency_key_reused' });
    }
  });

  describe('bad input: 400 naming the field, nothing stored', () => {
    const long = (n: number): string => 'x'.repeat(n);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    it.each([
      ['person', { person: long(MEETING.personMaxLength + 1) }, MEETING_TEXTS.personTooLong],
      ['location', { location: long(MEETING.locationMaxLength + 1) }, MEETING_TEXTS.locationTooLong],
      ['notes', { notes: long(MEETING.notesMaxLength + 1) }, MEETING_TEXTS.notesTooLong],
      ['startAt', { startAt: 'yesterday evening' }, MEETING_TEXTS.startInvalid],
      ['endAt', { endAt: '21:00' }, MEETING_TEXTS.endInvalid],
      ['photo', { photo: 'https://example.com/sam.jpg' }, MEETING_TEXTS.photoInvalid],
      ['photo', { photo: dataUrl(Buffer.from('GIF89a...'), 'image/gif') }, MEETING_TEXTS.photoInvalid],
      ['photo', { photo: 'data:image/jpeg;base64,not base64!' }, MEETING_TEXTS.photoInvalid],
      // Bytes that are not the image the data URL names (served back under that type, they must be one).
      ['photo', { photo: dataUrl(Buffer.from('<script>alert(1)</script>')) }, MEETING_TEXTS.photoInvalid],
      ['photo', { photo: dataUrl(png, 'image/jpeg') }, MEETING_TEXTS.photoInvalid],
      ['photo', { photo: dataUrl(jpeg(MEETING.photoMaxBytes)) }, MEETING_TEXTS.photoTooLarge],
    ])('meeting.%s (case %#)', async (field, change, message) => {
      const jane = await person();
      const res = await raise(jane, { meeting: { ...MEETING_OF_RECORD, ...change } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation_failed', field: `meeting.${field}`, message });
      const { rows } = await sut.db.query('SELECT 1 FROM alerts WHERE user_id = $1', [jane.id]);
      expect(rows).toHaveLength(0);
      expect(await textsOf(jane)).toEqual([]);
    });
  });

  describe('the size of the request', () => {
    it('takes the largest photo the phone sends (a body of about 280 KB)', async () => {
      const jane = await person();
      const photo = jpeg(MEETING.photoMaxBytes - 6);
      const payload = {
        triggerType: 'voice' as const,
        meeting: { ...MEETING_OF_RECORD, photo: dataUrl(photo) },
      };
      expect(JSON.stringify(payload).length).toBeGreaterThan(270_000);
      const res = await raise(jane, payload);
      expect(res.statusCode, res.body).toBe(201);
      const stored = await get(jane, photoUrl(res.json<RaiseAlertResponse>().alert.id));
      expect(stored.rawPayload.equals(photo)).toBe(true);
    });

    it('refuses a larger photo by name, and a body over the limit with 413', async () => {
      const jane = await person();
      const tooLarge = await raise(jane, {
        meeting: { ...MEETING_OF_RECORD, photo: dataUrl(jpeg(260_000)) },
      });
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json()).toEqual({
        error: 'validation_failed',
        field: 'meeting.photo',
        message: MEETING_TEXTS.photoTooLarge,
      });
      const huge = await raise(jane, { meeting: { ...MEETING_OF_RECORD, photo: dataUrl(jpeg(1_000_000)) } });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ error: 'payload_too_large' });
      const { rows } = await sut.db.query('SELECT 1 FROM alerts WHERE user_id = $1', [jane.id]);
      expect(rows).toHaveLength(0);
    });
  });
});
