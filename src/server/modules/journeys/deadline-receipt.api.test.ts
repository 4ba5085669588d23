/**
 * A check-in, arrival, stop or added time counts at the moment the server received it. Each test sends the
 * request's headers over a real connection just before the deadline and holds its body back while the manual clock
 * moves past the deadline and the deadline jobs run; then the body arrives and the request is handled.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckIn, EscortSession } from '#shared/schemas/journey';
import { createTestUserWithContacts } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listenLocally, openRawConnection, requestHead, type RawResponse } from '../../testing/raw-http';
import type { TestUser } from '../../testing/test-users';
import { deadlineGraceMs } from './deadline-job';
import {
  alertsOf,
  FIVE_MINUTE_ESCORT,
  runDeadlines,
  setLastChance,
  startCheckIn,
  startEscort,
  textsOf,
} from './journey-test-helpers';

describe('a journey action counts from when the server received it', () => {
  let sut: TestApp;
  let port: number;
  let grace: number;
  beforeAll(async () => {
    sut = await createTestApp();
    port = await listenLocally(sut.app);
    grace = deadlineGraceMs(sut.config.http);
  });
  afterAll(() => sut?.close());

  /** Someone with no last chance: the alert waits the request grace alone, which these tests are about. */
  const person = async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [{ phone: '+12015550131' }]);
    expect((await setLastChance(sut, user, 0)).statusCode).toBe(200);
    return user;
  };
  const at = (deadline: string, offsetMs: number) => new Date(new Date(deadline).getTime() + offsetMs);

  /**
   * Sends the head of `POST path` (with a two-byte JSON body announced) and waits until the server has it; the
   * returned function sends the body and resolves with the answer.
   */
  const holdRequest = async (
    user: TestUser,
    path: string,
    body = '{}',
  ): Promise<() => Promise<RawResponse>> => {
    const connection = await openRawConnection(port);
    const arrivingBefore = sut.app.admissionLoad().arriving;
    connection.write(
      requestHead('POST', path, {
        ...user.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      }),
    );
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(arrivingBefore + 1), {
      timeout: 15_000,
      interval: 20,
    });
    return async () => {
      connection.write(body);
      const response = await connection.nextResponse();
      connection.socket.destroy();
      return response;
    };
  };

  it('fires a deadline no sooner and no later than the grace after it', async () => {
    const user = await person();
    const checkIn = await startCheckIn(sut, user, 10);
    sut.clock.set(at(checkIn.next_due_at, grace - 1));
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toEqual([]);
    sut.clock.set(at(checkIn.next_due_at, grace));
    await runDeadlines(sut);
    expect((await alertsOf(sut, user)).map((alert) => alert.trigger_type)).toEqual(['checkin_missed']);
  });

  it('a check-in received a second before its deadline and handled after it never fires the deadline', async () => {
    const user = await person();
    const checkIn = await startCheckIn(sut, user, 10);
    sut.clock.set(at(checkIn.next_due_at, -1000));
    const finish = await holdRequest(user, `/api/checkins/${checkIn.id}/check-in`);

    // The deadline passes while the request is still arriving; the jobs run, up to the very end of the grace.
    for (const offset of [1000, grace / 2, grace - 1]) {
      sut.clock.set(at(checkIn.next_due_at, offset));
      await runDeadlines(sut);
    }
    const answer = await finish();
    expect(answer.status).toBe(200);
    const received = at(checkIn.next_due_at, -1000);
    expect(JSON.parse(answer.body) as CheckIn).toMatchObject({
      status: 'active',
      last_checked_in_at: received.toISOString(),
      next_due_at: new Date(received.getTime() + 10 * 60_000).toISOString(),
    });

    sut.clock.set(at(checkIn.next_due_at, grace + 60_000));
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toEqual([]);
    expect(await textsOf(sut, user)).toEqual([]);
  });

  it('stop and "I\'m safe" received before the deadline and handled after it end the journey quietly', async () => {
    const user = await person();
    const checkIn = await startCheckIn(sut, user, 10);
    sut.clock.set(at(checkIn.next_due_at, -1));
    const stop = await holdRequest(user, `/api/checkins/${checkIn.id}/stop`);
    sut.clock.set(at(checkIn.next_due_at, grace - 1));
    await runDeadlines(sut);
    const stopped = await stop();
    expect([stopped.status, (JSON.parse(stopped.body) as CheckIn).stopped_at]).toEqual([
      200,
      at(checkIn.next_due_at, -1).toISOString(),
    ]);

    const escort = await startEscort(sut, user, FIVE_MINUTE_ESCORT);
    sut.clock.set(at(escort.deadline_at, -1));
    const complete = await holdRequest(user, `/api/escort-sessions/${escort.id}/complete`);
    sut.clock.set(at(escort.deadline_at, grace - 1));
    await runDeadlines(sut);
    const completed = await complete();
    expect([completed.status, (JSON.parse(completed.body) as EscortSession).completed_at]).toEqual([
      200,
      at(escort.deadline_at, -1).toISOString(),
    ]);

    sut.clock.set(at(escort.deadline_at, grace + 60_000));
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toEqual([]);
  });

  it('added time received before the deadline and handled after it moves the deadline it was meant for', async () => {
    const user = await person();
    const escort = await startEscort(sut, user, FIVE_MINUTE_ESCORT);
    sut.clock.set(at(escort.deadline_at, -1000));
    const extend = await holdRequest(user, `/api/escort-sessions/${escort.id}/extend`, '{"minutes":15}');
    sut.clock.set(at(escort.deadline_at, grace - 1));
    await runDeadlines(sut);
    const extended = await extend();
    expect([extended.status, (JSON.parse(extended.body) as EscortSession).deadline_at]).toEqual([
      200,
      at(escort.deadline_at, 15 * 60_000).toISOString(),
    ]);
    sut.clock.set(at(escort.deadline_at, 10 * 60_000));
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toEqual([]);
  });

  it('a request still unfinished once the grace has passed loses: the alert goes, and it answers 409', async () => {
    const user = await person();
    const checkIn = await startCheckIn(sut, user, 10);
    sut.clock.set(at(checkIn.next_due_at, -1000));
    const finish = await holdRequest(user, `/api/checkins/${checkIn.id}/check-in`);
    sut.clock.set(at(checkIn.next_due_at, grace));
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toHaveLength(1);
    expect((await finish()).status).toBe(409);
  });
});
