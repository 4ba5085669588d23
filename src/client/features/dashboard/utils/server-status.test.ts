import { describe, expect, it } from 'vitest';
import { serverStatusOf } from './server-status';

describe('serverStatusOf', () => {
  it('is checking until the health check first answers, then reachable', () => {
    expect(serverStatusOf({ healthFailed: false, healthAnswers: 0, doubt: null })).toBe('checking');
    expect(serverStatusOf({ healthFailed: false, healthAnswers: 1, doubt: null })).toBe('reachable');
  });

  it('is unreachable while the health check fails, whatever else is known', () => {
    expect(serverStatusOf({ healthFailed: true, healthAnswers: 3, doubt: null })).toBe('unreachable');
    expect(
      serverStatusOf({
        healthFailed: true,
        healthAnswers: 3,
        doubt: { reason: 'socket-lost', healthAnswersThen: 3 },
      }),
    ).toBe('unreachable');
  });

  it('a lost socket makes it checking, and a failed SOS send unreachable, until the health check answers again', () => {
    const lost = { reason: 'socket-lost', healthAnswersThen: 2 } as const;
    const failedSend = { reason: 'send-failed', healthAnswersThen: 2 } as const;
    expect(serverStatusOf({ healthFailed: false, healthAnswers: 2, doubt: lost })).toBe('checking');
    expect(serverStatusOf({ healthFailed: false, healthAnswers: 2, doubt: failedSend })).toBe('unreachable');
    expect(serverStatusOf({ healthFailed: false, healthAnswers: 3, doubt: lost })).toBe('reachable');
    expect(serverStatusOf({ healthFailed: false, healthAnswers: 3, doubt: failedSend })).toBe('reachable');
  });

  it('a failed send before the first health answer is unreachable, not checking', () => {
    expect(
      serverStatusOf({
        healthFailed: false,
        healthAnswers: 0,
        doubt: { reason: 'send-failed', healthAnswersThen: 0 },
      }),
    ).toBe('unreachable');
  });
});
