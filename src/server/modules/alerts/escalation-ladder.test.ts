import { describe, expect, it } from 'vitest';
import { ALERT_ESCALATION } from '#shared/alert-life';
import { ladder, nextDueAt, nextStep } from './escalation-ladder';

describe('the escalation ladder', () => {
  it('pushes and texts at once, calls a little later, and repeats texts and call each round', () => {
    const { callAfterSeconds: call, repeatEverySeconds: every } = ALERT_ESCALATION;
    expect(ladder({ callAfterSeconds: call, repeatEverySeconds: every, maxRounds: 3 })).toEqual([
      { round: 1, step: 'push_again', offsetSeconds: 0 },
      { round: 1, step: 'text_again', offsetSeconds: 0 },
      { round: 1, step: 'call', offsetSeconds: call },
      { round: 2, step: 'text_again', offsetSeconds: every },
      { round: 2, step: 'call', offsetSeconds: every + call },
      { round: 3, step: 'text_again', offsetSeconds: 2 * every },
      { round: 3, step: 'call', offsetSeconds: 2 * every + call },
    ]);
  });

  it('names the next step and its gap, and none after the last round', () => {
    expect(nextStep({ round: 1, step: 'call' })).toEqual({
      round: 2,
      step: 'text_again',
      afterSeconds: ALERT_ESCALATION.repeatEverySeconds - ALERT_ESCALATION.callAfterSeconds,
    });
    expect(nextStep({ round: ALERT_ESCALATION.maxRounds, step: 'call' })).toBeNull();
  });

  it('keeps the gap after a step that ran late', () => {
    const planned = new Date('2026-01-01T10:00:00Z');
    expect(nextDueAt(planned, 30, planned).toISOString()).toBe('2026-01-01T10:00:30.000Z');
    const late = new Date('2026-01-01T10:10:00Z');
    expect(nextDueAt(planned, 30, late).toISOString()).toBe('2026-01-01T10:10:30.000Z');
  });
});
