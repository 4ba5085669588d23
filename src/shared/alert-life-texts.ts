/**
 * The words of an alert's life (src/shared/alert-life.ts): responses, what the person sees of who is coming, the
 * timeline. Its own module so the first screen's bundle does not carry it.
 */
import type { AlertResponseKind, AlertState, EscalationStep, CallOutcome } from './alert-life';

export const ALERT_LIFE_TEXTS = {
  invalidResponse: 'Response must be on_my_way or calling',
  /** The buttons a guardian (and a contact on their page) answers with. */
  responseButtons: { on_my_way: "I'm on my way", calling: "I'm calling them" } satisfies Record<
    'on_my_way' | 'calling',
    string
  >,
  /** What the person in danger (and other guardians) read of one response. */
  responseLine: {
    on_my_way: (name: string) => `${name} is on the way`,
    calling: (name: string) => `${name} is calling you`,
    acknowledged: (name: string) => `${name} knows and answered the call`,
  } satisfies Record<AlertResponseKind, (name: string) => string>,
  noResponseYet: 'Nobody has answered yet',
  state: {
    raised: 'Alert sent',
    escalating: 'No answer yet: Beacon is trying harder',
    acknowledged: 'Someone answered',
    resolved: 'You are safe',
  } satisfies Record<AlertState, string>,
  escalationStep: {
    push_again: 'Guardians notified again',
    text_again: 'Contacts texted again: STILL NO RESPONSE',
    call: 'Calling your primary contact',
  } satisfies Record<EscalationStep, string>,
  callOutcome: {
    answered: (name: string) => `${name} answered the call`,
    voicemail: (name: string) => `${name}'s voicemail took the call (not an answer)`,
    no_answer: (name: string) => `${name} did not answer the call`,
    busy: (name: string) => `${name}'s line was busy`,
    failed: (name: string) => `The call to ${name} could not be made`,
  } satisfies Record<CallOutcome, (name: string) => string>,
  raised: 'Alert raised',
  resolved: 'Marked safe',
} as const;
