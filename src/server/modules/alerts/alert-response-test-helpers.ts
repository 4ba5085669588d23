/** What the tests of a guardian's answer to an alert share: the two routes, and a token made as the push makes it. */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../testing/test-app';
import { ALERT_RESPONSE_KEY_NAME, responseToken } from './response-token';

type Answer = 'on_my_way' | 'calling';

/** POST /api/wards/alerts/:id/respond as `user` (null: without a session). */
export function respondToWardAlert(
  sut: TestApp,
  user: { headers: Record<string, string> } | null,
  alertId: string,
  response: Answer | string,
): Promise<LightMyRequestResponse> {
  return sut.app.inject({
    method: 'POST',
    url: `/api/wards/alerts/${alertId}/respond`,
    headers: user?.headers ?? {},
    payload: { response },
  });
}

/** POST /api/alert-responses/push, as a service worker does: no session, the push's token in the body. */
export function respondWithPushToken(
  sut: TestApp,
  token: string,
  response: Answer | string,
): Promise<LightMyRequestResponse> {
  return sut.app.inject({ method: 'POST', url: '/api/alert-responses/push', payload: { token, response } });
}

/** The token the server puts in `guardianId`'s push for `alertId`, signed with the server's own key. */
export async function pushAnswerToken(sut: TestApp, alertId: string, guardianId: string): Promise<string> {
  const { rows } = await sut.db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    ALERT_RESPONSE_KEY_NAME,
  ]);
  return responseToken(rows[0]!.value, alertId, guardianId);
}
