/**
 * The words of the escalation ladder as its recipients read or hear them (src/shared/alert-life.ts,
 * docs/PRODUCT.md#when-nobody-answers): the guardians' push again, the contacts' "STILL NO RESPONSE" text and
 * the words the call to the primary contact speaks. The server writes them; no screen loads this module.
 */
import { APP_NAME } from './constants';
import { alertTriggerLabel } from './texts';

/** The person's name as a stranger should read it; blank reads as "A Beacon user". */
const nameOf = (fullName: string | null | undefined): string => fullName?.trim() || `A ${APP_NAME} user`;

/** The start every escalation text has, so a contact sees at once that this is not the first text again. */
export const STILL_NO_RESPONSE = 'STILL NO RESPONSE';

/** The contact's escalation text: the marker, what to do, then the alert's own text again (its map link). */
export function buildStillNoResponseSms(input: { fullName: string | null; alertText: string }): string {
  const name = nameOf(input.fullName);
  return [
    `${STILL_NO_RESPONSE}: nobody has answered ${name}'s emergency alert yet. Please check on them now, or call the emergency services.`,
    input.alertText,
  ].join('\n');
}

/** The guardians' push again: the same tag as the alert's, so it replaces it and rings again. */
export const ESCALATION_PUSH_TEXTS = {
  title: (wardName: string): string => `Still no response: ${nameOf(wardName)}`,
  body: (wardName: string): string =>
    `Nobody has answered ${nameOf(wardName)}'s emergency alert yet. Open ${APP_NAME} to help.`,
} as const;

/**
 * What the call to the primary contact says (the voice channel speaks the delivery's body): who, what happened,
 * where, and that pressing 1 answers the alert.
 */
export function buildEscalationCallScript(input: {
  fullName: string | null;
  triggerType: string;
  message: string | null;
  address: string | null;
  hasPosition: boolean;
}): string {
  const name = nameOf(input.fullName);
  const where = input.address?.trim()
    ? `They were last located near ${input.address.trim()}.`
    : input.hasPosition
      ? `Their location is on the map link in the text ${APP_NAME} sent you.`
      : 'Their location is not known.';
  return [
    `This is ${APP_NAME}, with an emergency alert from ${name}.`,
    `${name} may need help: ${alertTriggerLabel(input.triggerType, input.message)}.`,
    'Nobody has answered the alert yet.',
    where,
    'Press 1 if you can help.',
  ].join(' ');
}
