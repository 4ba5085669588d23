/**
 * The words around a guardian's answer to a ward's alert and the person's "who is coming" panel (the buttons'
 * and the responses' own words are ALERT_LIFE_TEXTS). Their own module: only screens loaded on demand and the
 * server use them, so the first download does not carry them.
 */
import type { AlertResponseKind } from './alert-life';
import { ALERT_LIFE_TEXTS } from './alert-life-texts';

export const ALERT_RESPONSE_TEXTS = {
  /** 409: the alert ended before the answer arrived. */
  alertEnded: 'This alert has ended: they said they are safe.',
  /** 400: the push action's token is not one Beacon makes. */
  invalidToken: 'This answer link is not valid.',
  /** A guardian without a name on their account, as the person reads them. */
  unnamedGuardian: 'Your guardian',
  /** The guardian's own answer, on their banner and card. */
  youAnswered: (response: AlertResponseKind): string =>
    `You answered: ${response === 'acknowledged' ? 'I know' : ALERT_LIFE_TEXTS.responseButtons[response]}`,
  /** The buttons' group, for screen readers. */
  answerGroup: (wardName: string): string => `Tell ${wardName || 'them'} you are coming`,
  changeAnswer: 'Change your answer',
  answerFailed: 'Your answer did not reach Beacon. Try again.',
  /** Who has answered, as other guardians read it. */
  respondersTitle: 'Who has answered',
  /** The person's panel. */
  panelTitle: 'Who is coming',
  timelineTitle: 'What has happened',
} as const;

/** What a notification's action buttons say, and what the notification then says (the service worker's words). */
export const ALERT_PUSH_ACTION_TEXTS = {
  answered: (response: 'on_my_way' | 'calling'): string => ALERT_RESPONSE_TEXTS.youAnswered(response),
  answeredBody: 'They can see it on their screen.',
  failed: 'Your answer could not be sent. Open Beacon to answer.',
} as const;
