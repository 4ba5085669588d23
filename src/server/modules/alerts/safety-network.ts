/**
 * Who an alert can reach now (GET /api/safety-network; docs/decisions/045-safety-network-drill.md): the person's
 * contacts, each with whether their number can take a text and whether texts to it keep failing, and their active
 * guardians. `countReachable` is the one rule the screen's warning and the drill's answer use.
 */
import { DRILL, SAFETY_NETWORK } from '#shared/constants';
import { normalisePhoneNumber } from '#shared/phone';
import { phoneNumberProblem } from '#shared/phone-number-check';
import type { NetworkContact, NetworkGuardian, SafetyNetwork } from '#shared/schemas/safety-network';
import { activeGuardianIds } from '../../access/guardian-rule';
import type { Queryable } from '../../db/database';
import type { AlertDeps } from './alert-deps';
import { textFailures } from './drill-repository';

/**
 * How many people an alert can reach: each distinct number of a contact who is reachable (textable, texts not
 * failing), plus every active guardian (they see an alert in Beacon, with or without push). Pure.
 */
export function countReachable(
  contacts: ReadonlyArray<{ phone: string; reachable: boolean }>,
  guardians: number,
): { reachable: number; too_few: boolean } {
  const numbers = new Set(contacts.filter((c) => c.reachable).map((c) => normalisePhoneNumber(c.phone)));
  const reachable = numbers.size + guardians;
  return { reachable, too_few: reachable < SAFETY_NETWORK.reachableAtLeast };
}

/** The person's contacts and guardians as an alert would reach them now, and the count. */
export async function readNetwork(
  db: Queryable,
  deps: Pick<AlertDeps, 'contacts' | 'profiles' | 'pushSubscriptions'>,
  userId: string,
): Promise<Omit<SafetyNetwork, 'drills_left'>> {
  const saved = await deps.contacts.listContacts(db, userId);
  const failures = await textFailures(
    db,
    userId,
    saved.map((c) => normalisePhoneNumber(c.phone)),
  );
  const withPhones = saved.map((c) => {
    const textable = phoneNumberProblem(c.phone) === null;
    const failure = failures.get(normalisePhoneNumber(c.phone)) ?? null;
    const contact: NetworkContact = {
      id: c.id,
      name: c.name,
      textable,
      text_failure: failure,
      reachable: textable && failure === null,
    };
    return { contact, phone: c.phone };
  });
  const guardianIds = await activeGuardianIds(db, userId);
  const names = await deps.profiles.findFullNames(db, guardianIds);
  const withPush = await deps.pushSubscriptions.usersWithSubscriptions(db, guardianIds);
  const guardians: NetworkGuardian[] = guardianIds.map((id) => ({
    id,
    name: names.get(id) ?? '',
    push: withPush.has(id),
  }));
  const count = countReachable(
    withPhones.map(({ contact, phone }) => ({ phone, reachable: contact.reachable })),
    guardians.length,
  );
  return { contacts: withPhones.map(({ contact }) => contact), guardians, ...count };
}

/** Drills left in the window, given the drills counted in it. */
export function drillsLeft(counted: number): number {
  return Math.max(0, DRILL.perWindow - counted);
}
