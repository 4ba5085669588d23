import { describe, expect, it } from 'vitest';
import { SOS } from '#shared/constants';
import { startCountdown, tickCountdown, type CountdownEffect, type CountdownState } from './countdown';

function run(seconds: number, ticks: number): { state: CountdownState; effects: CountdownEffect[] } {
  let state = startCountdown(seconds);
  const effects: CountdownEffect[] = [];
  for (let i = 0; i < ticks; i += 1) {
    const next = tickCountdown(state);
    state = next.state;
    effects.push(next.effect);
  }
  return { state, effects };
}

describe('SOS countdown', () => {
  it('starts at the default of 10', () => {
    expect(startCountdown(SOS.countdownSeconds)).toEqual({ status: 'counting', remaining: 10 });
  });

  it('drops by one and beeps on each tick while above 1', () => {
    const { state, effects } = run(10, 9);
    expect(state).toEqual({ status: 'counting', remaining: 1 });
    expect(effects).toEqual(Array(9).fill('beep'));
  });

  it('fires once on the tick that finds 1, showing 0', () => {
    const { state, effects } = run(10, 10);
    expect(state).toEqual({ status: 'fired', remaining: 0 });
    expect(effects.at(-1)).toBe('fire');
    expect(effects.filter((effect) => effect === 'fire')).toHaveLength(1);
  });

  it('never fires twice: ticks after firing do nothing', () => {
    const { state, effects } = run(3, 8);
    expect(state.remaining).toBe(0);
    expect(effects).toEqual(['beep', 'beep', 'fire', null, null, null, null, null]);
  });

  it('fires on the first tick when started at 1 or less', () => {
    expect(tickCountdown(startCountdown(1)).effect).toBe('fire');
    expect(tickCountdown(startCountdown(0)).effect).toBe('fire');
  });
});
