/**
 * The words of the emergency contact's responder page (`/r/{code}`) and of its API's refusals. Its own module:
 * the page loads on demand, and nothing of the first screen needs these.
 */
import type { AlertResponseKind } from './alert-life';
import { EMERGENCY_NUMBER } from './constants';

export const RESPONDER_PAGE_TEXTS = {
  /** 409 to an answer after the person said they are safe. */
  safeNoAnswerNeeded: (firstName: string) =>
    `${firstName} has marked themselves safe: no answer is needed any more.`,
  /** A contact with no saved name answers as this. */
  unnamedContact: 'An emergency contact',
  unnamedPerson: 'Your contact',
  title: (firstName: string) => `${firstName} needs help`,
  safeTitle: (firstName: string) => `${firstName} is safe`,
  raised: (what: string, when: string, ago: string) => `Raised by ${what} at ${when} (${ago})`,
  safeSince: (when: string) => `Marked safe at ${when}. Thank you for being there.`,
  state: {
    raised: 'Alert sent: nobody has answered yet',
    escalating: 'Nobody has answered yet: Beacon is trying harder',
    acknowledged: 'Someone has answered',
    resolved: 'Safe',
  },
  stateLabel: 'Status',
  answerHeading: 'Can you help?',
  answerHint: (firstName: string) => `Tap one: ${firstName} sees your answer at once.`,
  answersHeading: 'Who has answered',
  noAnswersYet: 'Nobody has answered yet.',
  answerLine: {
    on_my_way: (name: string) => `${name} is on the way`,
    calling: (name: string) => `${name} is calling them`,
    acknowledged: (name: string) => `${name} answered the call`,
  } satisfies Record<AlertResponseKind, (name: string) => string>,
  you: '(you)',
  thankYou: {
    on_my_way: (firstName: string) => `Thank you — ${firstName} can see that you are on your way`,
    calling: (firstName: string) => `Thank you — ${firstName} can see that you are calling them`,
    acknowledged: (firstName: string) => `Thank you — ${firstName} can see that you answered`,
  } satisfies Record<AlertResponseKind, (firstName: string) => string>,
  changeAnswer: 'Changed your mind? Tap the other answer.',
  sending: 'Sending…',
  answerFailed: 'Your answer did not reach Beacon. Please try again.',
  positionHeading: 'Where they are',
  mapLabel: (firstName: string) => `Map with ${firstName}'s position`,
  lastUpdated: (ago: string) => `Position from ${ago}`,
  openInMaps: 'Open in Maps',
  newTab: '(opens in a new tab)',
  positionNotShared: (firstName: string) =>
    `${firstName} does not share their position with contacts. Call them, or call ${EMERGENCY_NUMBER} if you think they are in danger.`,
  noPositionYet: 'No position has arrived yet.',
  callEmergency: `If you think they are in danger, call ${EMERGENCY_NUMBER}.`,
  openUntil: (when: string) => `This page works until ${when}.`,
  loadFailed: 'Could not load the latest. Trying again…',
  expiredTitle: 'This link no longer works',
  expired:
    'Answer links work for a day after the alert, and for an hour once the person is safe. If you are worried, call them.',
} as const;
