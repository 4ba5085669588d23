/**
 * What a drill ("Test my safety network", docs/decisions/045-safety-network-drill.md) says to the people it
 * reaches: the text, the guardian's push, and the TEST labels on the guardian's view and the contact's page. Every
 * one starts with TEST and says nothing is wrong, so no one mistakes a drill for an emergency.
 */
import { APP_NAME } from './constants';

export const DRILL_LABEL = 'TEST';

/** The text each contact receives; their own confirm link follows (`withDrillResponderLink`). */
export function buildDrillSms(fullName: string | null): string {
  const name = fullName?.trim() || `A ${APP_NAME} user`;
  return `${DRILL_LABEL} from ${APP_NAME} — ${name} is testing their safety network. Nothing is wrong.`;
}

/** The contact's copy: the drill text, then the link they confirm from. */
export function withDrillResponderLink(text: string, responderUrl: string): string {
  return `${text}\nTap to confirm you got it: ${responderUrl}`;
}

export const DRILL_PUSH_TEXTS = {
  title: (wardName: string): string =>
    `${DRILL_LABEL}: ${wardName || 'your ward'} is testing their safety network`,
  body: 'Nothing is wrong. Open Beacon to confirm you got it.',
} as const;

/** The guardian's view and the contact's page of a drill. */
export const DRILL_VIEW_TEXTS = {
  banner: (name: string): string => `${DRILL_LABEL}: ${name || 'Your ward'} is testing their safety network`,
  nothingWrong: 'Nothing is wrong. This is a test: confirm you got it.',
  confirm: 'I got it',
  confirmed: 'Confirmed: thank you.',
  ended: 'The test has ended.',
  notification: (name: string): string =>
    `${DRILL_LABEL}: ${name || 'Your ward'} is testing their safety network`,
} as const;

/** A failed text whose provider gave no reason. */
export const UNKNOWN_FAILURE_REASON = 'The text provider gave no reason';
