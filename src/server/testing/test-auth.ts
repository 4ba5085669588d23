import { randomUUID } from 'node:crypto';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth-session';
import { DevMailListSchema, type DevMailMessage } from '#shared/schemas/dev-mail';
import type { TestApp } from './test-app';

/** A password the strength check accepts; tests that are not about passwords use it. */
export const TEST_PASSWORD = 'blue-harbour-lantern-42';

export type SignedUpUser = {
  id: string;
  email: string;
  password: string;
  fullName: string;
  session: AuthSession;
  headers: { authorization: string };
};

/**
 * Signs a new person up through POST /api/auth/signup (the real path: argon2 hash, profile row, session,
 * confirmation e-mail). For suites that need a user without the HTTP round trip, see createTestUser.
 */
export async function signUpViaApi(
  sut: TestApp,
  options: { email?: string; password?: string; fullName?: string; remoteAddress?: string } = {},
): Promise<SignedUpUser> {
  const email = options.email ?? `person-${randomUUID().slice(0, 8)}@example.test`;
  const password = options.password ?? TEST_PASSWORD;
  const fullName = options.fullName ?? 'Test Person';
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, data: { full_name: fullName } },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const session = AuthSessionSchema.parse(res.json());
  return {
    id: session.user.id,
    email: session.user.email,
    password,
    fullName,
    session,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

/**
 * The e-mail to `to` in the dev outbox (GET /api/dev/mail), once the work requests woke has run. E-mail is a job
 * the request wakes after answering (modules/auth/account-email-job.ts), so answers do not depend on it; after
 * `app.idle()` every job woken so far has finished, so a message that is not there then was never sent.
 */
export async function waitForMail(
  sut: TestApp,
  to: string,
  matches: (message: DevMailMessage) => boolean = () => true,
): Promise<DevMailMessage> {
  await sut.app.idle();
  const messages = await listMail(sut);
  const found = messages.find((message) => message.to === to && matches(message));
  if (!found)
    throw new Error(`no e-mail to ${to}; the outbox holds ${JSON.stringify(messages.map((m) => m.to))}`);
  return found;
}

export async function listMail(sut: TestApp): Promise<DevMailMessage[]> {
  const res = await sut.app.inject({ method: 'GET', url: '/api/dev/mail' });
  return DevMailListSchema.parse(res.json()).messages;
}

/** The `token` query parameter of the first link in an e-mail body. */
export function tokenFromMail(message: DevMailMessage): string {
  const link = /https?:\/\/\S+/.exec(message.body)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error('no link with a token in the e-mail');
  return token;
}

/** The path and query of the first link in an e-mail body, ready for `inject`. */
export function pathFromMail(message: DevMailMessage): string {
  const link = /https?:\/\/\S+/.exec(message.body)?.[0];
  if (!link) throw new Error('no link in the e-mail');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
