import { describe, expect, it } from 'vitest';
import { callOutcomeOf, isMachine } from './twilio-call-status';

describe("a call's outcome from Twilio's status callback", () => {
  it.each([
    ['completed', 'human', 'answered'],
    ['completed', undefined, 'answered'],
    ['completed', 'unknown', 'answered'],
    ['completed', 'machine_start', 'voicemail'],
    ['completed', 'machine_end_beep', 'voicemail'],
    ['completed', 'machine_end_silence', 'voicemail'],
    ['completed', 'machine_end_other', 'voicemail'],
    ['completed', 'fax', 'failed'],
    ['busy', undefined, 'busy'],
    ['no-answer', undefined, 'no_answer'],
    ['failed', undefined, 'failed'],
    ['canceled', undefined, 'failed'],
  ])('%s answered by %s is %s', (status, answeredBy, outcome) => {
    expect(callOutcomeOf(status, answeredBy)).toBe(outcome);
  });

  it('has no outcome while the call is still going', () => {
    for (const status of ['queued', 'initiated', 'ringing', 'in-progress', 'something-new']) {
      expect(callOutcomeOf(status, undefined)).toBeNull();
    }
  });

  it('tells machines from people', () => {
    expect(isMachine('machine_start')).toBe(true);
    expect(isMachine('fax')).toBe(true);
    expect(isMachine('human')).toBe(false);
    expect(isMachine('unknown')).toBe(false);
    expect(isMachine(undefined)).toBe(false);
  });
});
