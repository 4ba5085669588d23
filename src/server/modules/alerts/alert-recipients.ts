import { normalisePhoneNumber } from '#shared/phone';
import { SMS_ABUSE_TEXTS } from '#shared/texts';
import { activeGuardianIds } from '../../access/guardian-rule';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { RaiseAlertInput, RaiseDeps } from './raise-input';

/**
 * Who this raise reaches: contacts' numbers (normalised, each once), and the person's active guardians (`watching`:
 * each sees the alert live), of whom those with a browser subscribed get a push (`pushTo`).
 */
export type Recipients = {
  texts: Array<{ recipient: string; recipientName: string | null; contactId: string | null }>;
  watching: string[];
  pushTo: string[];
};

/** The person's contacts (or the chosen ones) and their active guardians. 400 for a number not theirs. */
export async function recipientsFor(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
): Promise<Recipients> {
  const contacts = (await deps.contacts.listContacts(tx, input.userId)).map((c) => ({
    phone: c.phone,
    name: c.name,
    contactId: c.id,
  }));
  const watching = await activeGuardianIds(tx, input.userId);
  return {
    texts: uniqueRecipients(input.onlyNumbers ? savedContactsWith(contacts, input.onlyNumbers) : contacts),
    watching,
    pushTo: [...(await deps.pushSubscriptions.usersWithSubscriptions(tx, watching))],
  };
}

/**
 * The contacts whose number is one of `numbers` (compared normalised). A number that is none of the person's
 * contacts is refused, naming it (`phoneNumbers.<index>`), before anything is stored.
 */
function savedContactsWith<C extends { phone: string }>(
  contacts: readonly C[],
  numbers: readonly string[],
): C[] {
  const saved = new Set(contacts.map((contact) => normalisePhoneNumber(contact.phone)));
  const wanted = numbers.map(normalisePhoneNumber);
  const stranger = wanted.findIndex((number) => !saved.has(number));
  if (stranger >= 0) {
    throw new AppError('validation_failed', SMS_ABUSE_TEXTS.notYourContact, {
      field: `phoneNumbers.${stranger}`,
    });
  }
  return contacts.filter((contact) => wanted.includes(normalisePhoneNumber(contact.phone)));
}

/** Normalised numbers, each once (the first contact with a number names it). */
function uniqueRecipients(
  recipients: ReadonlyArray<{ phone: string; name: string | null; contactId: string | null }>,
): Recipients['texts'] {
  const byNumber = new Map<string, Recipients['texts'][number]>();
  for (const { phone, name, contactId } of recipients) {
    const recipient = normalisePhoneNumber(phone);
    if (!byNumber.has(recipient)) byNumber.set(recipient, { recipient, recipientName: name, contactId });
  }
  return [...byNumber.values()];
}
