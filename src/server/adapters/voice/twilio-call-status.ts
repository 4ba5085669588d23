/**
 * What Twilio's status callback says about how a call ended, in Beacon's words (src/shared/alert-life.ts). With
 * answering-machine detection on, `AnsweredBy` says who picked up: `human`, `machine_start`,
 * `machine_end_beep`, `machine_end_silence`, `machine_end_other`, `fax` or `unknown`.
 */
import type { CallOutcome } from '#shared/alert-life';

/** Whether an answering machine (or a fax) took the call: never a person who heard it. */
export function isMachine(answeredBy: string | undefined): boolean {
  return answeredBy !== undefined && (answeredBy.startsWith('machine_') || answeredBy === 'fax');
}

/**
 * The outcome of a call whose `CallStatus` is final, or null while it is still going (`queued`, `initiated`,
 * `ringing`, `in-progress`) or for a status Twilio does not document. A completed call a machine answered is
 * `voicemail`, one a fax answered `failed`; an `unknown` answerer counts as a person, as Twilio cannot tell.
 */
export function callOutcomeOf(callStatus: string, answeredBy: string | undefined): CallOutcome | null {
  switch (callStatus) {
    case 'completed':
      if (answeredBy === 'fax') return 'failed';
      return isMachine(answeredBy) ? 'voicemail' : 'answered';
    case 'busy':
      return 'busy';
    case 'no-answer':
      return 'no_answer';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}
