/**
 * Who has looked at what the person shares, and "Stop all sharing": every look at a tracking page, a recording
 * (through a link or by a guardian) and a responder page is logged for the person, with the device kind and the
 * network only; a tracking page's polls are one entry; nobody else reads the log; stopping ends every share link
 * and responder link but an SOS's still on (410 after), and a live media stream through an ended link ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARING_VIEWS } from '#shared/constants';
import type { PlaybackResponse } from '#shared/schemas/recording';
import type { RaiseAlertResponse } from '#shared/schemas/alert';
import type { ShareLink } from '#shared/schemas/share-link';
import type { SharingViewListResponse, StopSharingResponse } from '#shared/schemas/sharing';
import { loadServerSecret } from '../../adapters/server-secrets';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { responderCode } from '../alerts/responder-code';
import { createTestUserWithContacts, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { linkGuardian } from '../guardians/guardian-test-helpers';
import {
  finishedRecording,
  pieces,
  startRecording,
  storePiece,
  watchMedia,
} from '../recordings/recording-test-helpers';

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const COMPUTER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const VIEWER = '203.0.113.57';
const MUM = { phone: '+12015550171', name: 'Mum' };

describe('who has looked, and stop all sharing', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const createLink = async (user: TestUser): Promise<ShareLink> => {
    const res = await sut.app.inject({ method: 'POST', url: '/api/share-links', headers: user.headers });
    expect(res.statusCode).toBe(201);
    return res.json<ShareLink>();
  };
  /** A look from `address`; the forwarding header is the client's own words, which count for nothing here. */
  const track = (code: string, address = VIEWER, userAgent = PHONE_UA) =>
    sut.app.inject({
      method: 'GET',
      url: `/api/track/${code}`,
      remoteAddress: address,
      headers: { 'user-agent': userAgent, 'x-forwarded-for': '198.51.100.99' },
    });
  const viewsOf = async (user: TestUser): Promise<SharingViewListResponse['views']> => {
    await sut.app.idle();
    const res = await sut.app.inject({ method: 'GET', url: '/api/sharing/views', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<SharingViewListResponse>().views;
  };
  const stop = async (user: TestUser): Promise<StopSharingResponse> => {
    const res = await sut.app.inject({ method: 'POST', url: '/api/sharing/stop', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StopSharingResponse>();
  };
  /** Everything stored of the person's log, as text: the full address must be nowhere in it. */
  const storedLog = async (user: TestUser): Promise<string> =>
    JSON.stringify((await sut.db.query('SELECT * FROM sharing_views WHERE owner_id = $1', [user.id])).rows);
  /** The code of the responder link the alert's text to its contact carries (derived as the server does). */
  const responderCodeOf = async (alertId: string): Promise<string> => {
    await sut.app.idle();
    const { rows } = await sut.db.query<{ delivery_id: string }>(
      'SELECT delivery_id FROM alert_responder_links WHERE alert_id = $1',
      [alertId],
    );
    expect(rows).toHaveLength(1);
    return responderCode(await loadServerSecret(sut.db, 'responder-link-key'), rows[0]!.delivery_id);
  };
  const raise = async (user: TestUser): Promise<string> => {
    const res = await raiseAlert(sut, user, { triggerType: 'manual' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RaiseAlertResponse>().alert.id;
  };

  it('logs a tracking page’s polls as one visit, with the device kind and the network, never the address', async () => {
    const owner = await createTestUser(sut, 'Tess Tracked');
    const link = await createLink(owner);
    for (let poll = 0; poll < 3; poll += 1) {
      expect((await track(link.share_code)).statusCode).toBe(200);
      sut.clock.advance(5000);
    }
    expect((await track(link.share_code, '2001:db8:abcd:12::7', COMPUTER_UA)).statusCode).toBe(200);

    const views = await viewsOf(owner);
    expect(views).toHaveLength(2);
    expect(views[1]).toMatchObject({
      kind: 'tracking_page',
      via: 'share_link',
      share_link_id: link.id,
      viewer_name: null,
      device: 'phone',
      network: '203.0.113.0',
      views: 3,
    });
    expect(Date.parse(views[1]!.last_seen_at) - Date.parse(views[1]!.first_seen_at)).toBe(10_000);
    expect(views[0]).toMatchObject({ device: 'computer', network: '2001:db8:abcd::', views: 1 });
    const stored = await storedLog(owner);
    expect(stored).not.toContain(VIEWER);
    expect(stored).not.toContain('198.51.100');
    expect(stored).not.toContain('2001:db8:abcd:12');

    // A look after the visit went quiet is a new visit.
    sut.clock.advance(SHARING_VIEWS.visitMinutes * 60_000);
    await track(link.share_code);
    expect((await viewsOf(owner)).map((view) => view.views)).toEqual([1, 1, 3]);
    // A refused code shows nothing and logs nothing.
    await sut.app.inject({ method: 'DELETE', url: `/api/share-links/${link.id}`, headers: owner.headers });
    expect((await track(link.share_code)).statusCode).toBe(410);
    expect(await viewsOf(owner)).toHaveLength(3);
  });

  it('logs a recording played through a link and by a guardian, with the guardian’s name', async () => {
    const owner = await createTestUser(sut, 'Rita Recorded');
    const guardian = await createTestUser(sut, 'Maria Guardian');
    await linkGuardian(sut, guardian, owner);
    const link = await createLink(owner);
    sut.clock.advance(1000);
    const recording = await finishedRecording(sut, owner, pieces(1));

    const throughLink = await sut.app.inject({
      method: 'POST',
      url: `/api/track/${link.share_code}/recordings/${recording.id}/playback`,
      remoteAddress: VIEWER,
      headers: { 'user-agent': COMPUTER_UA },
    });
    expect(throughLink.statusCode).toBe(200);
    const byGuardian = await sut.app.inject({
      method: 'POST',
      url: `/api/recordings/${recording.id}/playback`,
      remoteAddress: '198.51.100.23',
      headers: { ...guardian.headers, 'user-agent': PHONE_UA },
    });
    expect(byGuardian.statusCode).toBe(200);
    // The owner's own playback is not someone looking.
    await sut.app.inject({
      method: 'POST',
      url: `/api/recordings/${recording.id}/playback`,
      headers: owner.headers,
    });

    const views = await viewsOf(owner);
    expect(views).toHaveLength(2);
    expect(views).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'recording',
          via: 'share_link',
          share_link_id: link.id,
          recording_id: recording.id,
          device: 'computer',
          network: '203.0.113.0',
        }),
        expect.objectContaining({
          kind: 'recording',
          via: 'guardian',
          viewer_name: 'Maria Guardian',
          recording_id: recording.id,
          device: 'phone',
          network: '198.51.100.0',
        }),
      ]),
    );
    expect(await storedLog(owner)).not.toContain('198.51.100.23');
  });

  it('logs a responder page with the contact’s name', async () => {
    const owner = await createTestUserWithContacts(sut, 'Ruth Raised', [MUM]);
    const code = await responderCodeOf(await raise(owner));
    const res = await sut.app.inject({
      method: 'GET',
      url: `/api/responder/${code}`,
      remoteAddress: VIEWER,
      headers: { 'user-agent': PHONE_UA },
    });
    expect(res.statusCode).toBe(200);
    expect(await viewsOf(owner)).toEqual([
      expect.objectContaining({
        kind: 'responder_page',
        via: 'responder_link',
        viewer_name: 'Mum',
        device: 'phone',
        network: '203.0.113.0',
        views: 1,
      }),
    ]);
  });

  it('shows a person only their own log', async () => {
    const owner = await createTestUser(sut);
    const link = await createLink(owner);
    await track(link.share_code);
    const stranger = await createTestUser(sut);
    expect(await viewsOf(stranger)).toEqual([]);
    expect(await viewsOf(owner)).toHaveLength(1);
    for (const [method, url] of [
      ['GET', '/api/sharing/views'],
      ['POST', '/api/sharing/stop'],
    ] as const) {
      expect((await sut.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('stops every share link and responder link at once (410 after), but not those of an SOS still on', async () => {
    const owner = await createTestUserWithContacts(sut, 'Stella Stopped', [MUM]);
    const [first, second] = [await createLink(owner), await createLink(owner)];
    const ended = await raise(owner);
    const endedCode = await responderCodeOf(ended);
    await resolveAlert(sut, owner, ended);
    const open = await raise(owner);
    const openCode = await responderCodeOf(open);
    const { rows } = await sut.db.query<{ share_code: string }>(
      'SELECT share_code FROM share_links WHERE alert_id = $1',
      [open],
    );
    const sosLink = rows[0]!.share_code;
    const stranger = await createTestUser(sut);
    const theirs = await createLink(stranger);

    expect(await stop(owner)).toEqual({ share_links_revoked: 2, responder_links_revoked: 1 });
    for (const code of [first.share_code, second.share_code]) {
      const res = await track(code);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ error: 'link_inactive' });
    }
    const responder = await sut.app.inject({ method: 'GET', url: `/api/responder/${endedCode}` });
    expect(responder.statusCode).toBe(410);
    expect(responder.json()).toMatchObject({ error: 'link_inactive' });
    // The SOS still on keeps reaching its contacts until the person says they are safe.
    expect((await track(sosLink)).statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: `/api/responder/${openCode}` })).statusCode).toBe(200);
    // Nobody else's links.
    expect((await track(theirs.share_code)).statusCode).toBe(200);
    expect(await stop(owner)).toEqual({ share_links_revoked: 0, responder_links_revoked: 0 });
  });

  it('ends an open live media stream through a share link when the person stops sharing', async () => {
    const owner = await createTestUser(sut, 'Lena Live');
    const link = await createLink(owner);
    sut.clock.advance(1000);
    const recording = await startRecording(sut, owner);
    await storePiece(sut, owner, recording.id, 0, pieces(1)[0]!);
    const granted = await sut.app.inject({
      method: 'POST',
      url: `/api/track/${link.share_code}/recordings/${recording.id}/playback`,
    });
    expect(granted.statusCode).toBe(200);
    const { ended } = await watchMedia(sut, granted.json<PlaybackResponse>().media_url);

    await stop(owner);
    await ended;
    const again = await sut.app.inject({ method: 'GET', url: granted.json<PlaybackResponse>().media_url });
    expect(again.statusCode).toBe(410);
  });
});
