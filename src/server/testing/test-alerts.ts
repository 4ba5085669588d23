import type { LightMyRequestResponse } from 'fastify';
import type {
  AlertDetail,
  AlertListResponse,
  CreateAlertRequest,
  RaiseAlertResponse,
} from '#shared/schemas/alert';
import { linkGuardian } from '../modules/guardians/guardian-test-helpers';
import { DELIVERY_JOB } from '../modules/alerts/delivery-job';
import { ESCALATION_JOB } from '../modules/alerts/escalation-job';
import type { TestApp } from './test-app';
import { createTestUser, type TestUser } from './test-users';

/** Gives `user` an emergency contact with `phone`, through the API (as the app does). */
export async function addContact(sut: TestApp, user: TestUser, phone: string, name = 'Mum'): Promise<void> {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: user.headers,
    payload: { name, phone },
  });
  if (res.statusCode !== 201) throw new Error(`adding a contact answered ${res.statusCode}: ${res.body}`);
}

/** A signed-in person with these emergency contacts, added in order (a contact without a name is 'Mum'). */
export async function createTestUserWithContacts(
  sut: TestApp,
  fullName: string,
  contacts: ReadonlyArray<{ phone: string; name?: string }>,
): Promise<TestUser> {
  const user = await createTestUser(sut, fullName);
  for (const contact of contacts) await addContact(sut, user, contact.phone, contact.name);
  return user;
}

/**
 * A ward with these emergency contacts (none unless given) and a guardian who actively guards them (the ward and
 * their contacts first, then the guardian).
 */
export async function createGuardedWard(
  sut: TestApp,
  wardName: string,
  guardianName: string,
  contacts: ReadonlyArray<{ phone: string; name?: string }> = [],
): Promise<{ ward: TestUser; guardian: TestUser }> {
  const ward = await createTestUserWithContacts(sut, wardName, contacts);
  const guardian = await createTestUser(sut, guardianName);
  await linkGuardian(sut, guardian, ward);
  return { ward, guardian };
}

/** Raises an SOS for `user` (a manual one unless `payload` says otherwise). */
export function raiseAlert(
  sut: TestApp,
  user: TestUser,
  payload: CreateAlertRequest = { triggerType: 'manual' },
): Promise<LightMyRequestResponse> {
  return sut.app.inject({ method: 'POST', url: '/api/alerts', headers: user.headers, payload });
}

/** "I'm safe" for `user`'s alert `alertId`; answers the alert as it then stands. */
export async function resolveAlert(sut: TestApp, user: TestUser, alertId: string): Promise<AlertDetail> {
  const res = await sut.app.inject({
    method: 'POST',
    url: `/api/alerts/${alertId}/resolve`,
    headers: user.headers,
  });
  if (res.statusCode !== 200) throw new Error(`"I'm safe" answered ${res.statusCode}: ${res.body}`);
  return res.json<AlertDetail>();
}

/** The alert of a POST /api/alerts answer, without what the request did (as GET /api/alerts/:id answers it). */
export function detailOf(answer: RaiseAlertResponse): AlertDetail {
  const { outcome: _outcome, ...detail } = answer;
  return detail;
}

/** "I'm safe" for every alert `user` has not ended, so that their next SOS raises a new alert. */
export async function endOpenAlerts(sut: TestApp, user: TestUser): Promise<void> {
  const res = await sut.app.inject({
    method: 'GET',
    url: '/api/alerts?status=active',
    headers: user.headers,
  });
  for (const { alert } of res.json<AlertListResponse>().alerts) await resolveAlert(sut, user, alert.id);
}

/**
 * Runs every escalation step that is due (a step due at once after another runs in the next round), then the jobs
 * named in `alsoRun`, then the deliveries all of them queued, and waits until the app is idle.
 */
export async function runEscalation(sut: TestApp, alsoRun: readonly string[] = []): Promise<void> {
  for (let round = 0; round < 3; round++) await sut.app.scheduler.runNow(ESCALATION_JOB);
  for (const job of alsoRun) await sut.app.scheduler.runNow(job);
  await sut.app.scheduler.runNow(DELIVERY_JOB);
  await sut.app.idle();
}
