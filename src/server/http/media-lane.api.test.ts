import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import { startCheckIn } from '../modules/journeys/journey-test-helpers';
import {
  finish,
  pieces,
  playbackUrl,
  startRecording,
  storePiece,
} from '../modules/recordings/recording-test-helpers';
import { listenLocally, openRawConnection, requestHead, type RawConnection } from '../testing/raw-http';
import { createTestUserWithContacts, raiseAlert } from '../testing/test-alerts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestUser } from '../testing/test-users';

/** How long a test waits for the server to reach a state it is driven to (never an assertion about time). */
const patiently = { timeout: 15_000, interval: 20 };

/**
 * Recording uploads and media streams have their own lane (http/admission.ts): a phone uploading pieces over a bad
 * connection, or guardians watching a recording live, never hold a slot an SOS, a journey action, the health
 * check or an ordinary request needs.
 */
describe('the media lane', () => {
  let sut: TestApp;
  let port: number;
  beforeAll(async () => {
    sut = await createTestApp({ HTTP_MEDIA_CONCURRENCY: '2', ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    port = await listenLocally(sut.app);
  });
  afterAll(() => sut?.close());

  /** A piece whose headers and first bytes arrived, the rest still to come: it holds a media slot, or waits. */
  async function halfSentPiece(recordingId: string, seq: number, headers: Record<string, string>) {
    const connection = await openRawConnection(port);
    connection.write(
      requestHead('PUT', `/api/recordings/${recordingId}/chunks/${seq}`, {
        ...headers,
        'content-type': 'application/octet-stream',
        'content-length': '100000',
      }),
    );
    connection.write('x'.repeat(1000));
    return connection;
  }

  it('answers an SOS, a check-in, health and ordinary reads while uploads fill the lane and a stream is open', async () => {
    const person = await createTestUserWithContacts(sut, 'Mona Media', [{ phone: '+12015550147' }]);
    const checkIn = await startCheckIn(sut, person, 10);
    const uploader = await createTestUser(sut, 'Una Uploader');
    const recording = await startRecording(sut, uploader);
    const [first, second] = pieces(2, 5000);
    await storePiece(sut, uploader, recording.id, 0, first!);

    // A guardian's view: a live stream, open until the recording is sealed.
    const url = await playbackUrl(sut, uploader, recording.id);
    const received: Buffer[] = [];
    let ended = false;
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(`http://127.0.0.1:${port}${url}`, resolve).on('error', reject).end();
    });
    stream.on('data', (chunk: Buffer) => received.push(chunk));
    stream.on('end', () => (ended = true));
    await vi.waitFor(() => expect(Buffer.concat(received).length).toBe(5000), patiently);
    expect(sut.app.admissionLoad()).toEqual({ running: 0, waiting: 0, arriving: 0 });

    // Four pieces half sent: two hold the lane's two slots while their bodies trickle in, two wait for them.
    const uploads: RawConnection[] = [];
    for (let seq = 1; seq <= 4; seq++) uploads.push(await halfSentPiece(recording.id, seq, uploader.headers));
    await vi.waitFor(
      () => expect(sut.app.admissionLoad()).toEqual({ running: 2, waiting: 2, arriving: 0 }),
      patiently,
    );

    const sos = await raiseAlert(sut, person);
    expect(sos.statusCode).toBe(201);
    expect(sos.json<AlertDetail>().alert.id).toBeTypeOf('string');
    const checkedIn = await sut.app.inject({
      method: 'POST',
      url: `/api/checkins/${checkIn.id}/check-in`,
      headers: person.headers,
    });
    expect(checkedIn.statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const profile = await sut.app.inject({ method: 'GET', url: '/api/profile', headers: person.headers });
    expect(profile.statusCode).toBe(200);
    expect(sut.app.admissionLoad()).toEqual({ running: 2, waiting: 2, arriving: 0 });

    // The uploads' connections die: their slots come back, nothing of them is stored, and the stream goes on.
    for (const connection of uploads) connection.socket.destroy();
    await vi.waitFor(
      () => expect(sut.app.admissionLoad()).toEqual({ running: 0, waiting: 0, arriving: 0 }),
      patiently,
    );
    await storePiece(sut, uploader, recording.id, 1, second!);
    await vi.waitFor(() => expect(Buffer.concat(received).length).toBe(10_000), patiently);
    await finish(sut, uploader, recording.id, 2);
    await vi.waitFor(() => expect(ended).toBe(true), patiently);
  });
});
