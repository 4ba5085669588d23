/** The API calls the benchmarks need: sign-up, contacts, and raising an SOS timed to the fake provider's text. */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FakeTwilio } from './fake-twilio';
import { isRecord, log, sleep } from './util';

export class ApiError extends Error {}

export async function postJson(
  baseUrl: string,
  urlPath: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: keep the text for the error message.
  }
  return { status: response.status, json };
}

export function expectStatus(what: string, result: { status: number; json: unknown }, ok: number[]): void {
  if (!ok.includes(result.status)) {
    throw new ApiError(`${what} answered ${result.status}: ${JSON.stringify(result.json).slice(0, 500)}`);
  }
}

export type User = { email: string; token: string; contactPhone: string | null };

/** A password no strength rule objects to: random, and nothing from the e-mail address or the name. */
const newPassword = (): string => `Kw7!${randomBytes(12).toString('base64url')}`;

export async function signUp(baseUrl: string, email: string): Promise<string> {
  const result = await postJson(baseUrl, '/api/auth/signup', {
    email,
    password: newPassword(),
    data: { full_name: 'Bench Walker' },
  });
  expectStatus(`POST /api/auth/signup (${email})`, result, [200, 201]);
  const token = isRecord(result.json) ? result.json.access_token : undefined;
  if (typeof token !== 'string') throw new ApiError('POST /api/auth/signup answered without access_token');
  return token;
}

export async function addContact(baseUrl: string, token: string, phone: string): Promise<void> {
  const result = await postJson(
    baseUrl,
    '/api/contacts',
    { name: 'Bench Contact', phone, relationship: 'Friend' },
    { authorization: `Bearer ${token}` },
  );
  expectStatus('POST /api/contacts', result, [200, 201]);
}

export type SosSample = {
  /** Request sent → fake Twilio got the text; null when no text came within the time-out. */
  smsMs: number | null;
  /** Request sent → response read. */
  httpMs: number;
  status: number;
  error?: string;
};

export async function raiseSos(
  baseUrl: string,
  user: User,
  twilio: FakeTwilio,
  timeoutMs: number,
): Promise<SosSample> {
  const phone = user.contactPhone;
  if (!phone) throw new Error('SOS user without a contact');
  const text = twilio.expect(phone, timeoutMs);
  const sentAt = performance.now();
  let status = 0;
  let error: string | undefined;
  try {
    const response = await fetch(`${baseUrl}/api/alerts`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${user.token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        triggerType: 'manual',
        location: { latitude: 52.520008, longitude: 13.404954, accuracy: 12 },
      }),
    });
    status = response.status;
    const body = await response.text();
    if (!response.ok) error = `POST /api/alerts answered ${status}: ${body.slice(0, 300)}`;
  } catch (cause) {
    error = `POST /api/alerts failed: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
  const httpMs = performance.now() - sentAt;
  // A refused SOS sends nothing: do not sit out the time-out (a late text would count as unexpected).
  const arrivedAt = error && status !== 0 ? null : await text;
  return {
    smsMs: arrivedAt === null ? null : arrivedAt - sentAt,
    httpMs,
    status,
    ...(error ? { error } : {}),
  };
}

/**
 * How a phase paces its SOS. Each starts `pauseMs` after the previous one ended, or, with `everyMs`, `everyMs` after
 * the previous one started (so the phase spans a known time whatever the SOS take), and never before the previous
 * one is done.
 */
export type SosPhaseOptions = { smsTimeoutMs: number; maxPhaseMs: number; pauseMs: number; everyMs?: number };

export type PhaseResult = {
  samples: SosSample[];
  sms: number[];
  /** SOS whose text never arrived (or that the API refused). */
  lost: number;
  elapsedMs: number;
};

export async function runSosPhase(
  label: string,
  baseUrl: string,
  users: User[],
  twilio: FakeTwilio,
  options: SosPhaseOptions,
): Promise<PhaseResult> {
  const samples: SosSample[] = [];
  const started = performance.now();
  for (const [index, user] of users.entries()) {
    if (options.everyMs !== undefined) {
      const wait = started + index * options.everyMs - performance.now();
      if (wait > 0) await sleep(wait);
    }
    if (samples.length > 0 && performance.now() - started > options.maxPhaseMs) {
      log(`${label}: stopping after ${samples.length} SOS (--max-phase-seconds reached)`);
      break;
    }
    const sample = await raiseSos(baseUrl, user, twilio, options.smsTimeoutMs);
    samples.push(sample);
    if (sample.error) log(`${label}: ${sample.error}`);
    else if (sample.smsMs === null) log(`${label}: no text within ${options.smsTimeoutMs} ms`);
    if (options.everyMs === undefined && options.pauseMs > 0) await sleep(options.pauseMs);
  }
  const sms = samples.flatMap((s) => (s.smsMs === null ? [] : [s.smsMs]));
  return { samples, sms, lost: samples.length - sms.length, elapsedMs: performance.now() - started };
}
