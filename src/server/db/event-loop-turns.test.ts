import { describe, expect, it } from 'vitest';
import { createEventLoopTurns } from './event-loop-turns';

const loopTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('event loop turns between statements', () => {
  it('hands a turn on at once within the budget, and only after the loop has turned once it is spent', async () => {
    let now = 1000;
    const turns = createEventLoopTurns(2, () => now);
    const handed: string[] = [];

    turns.handOver(() => handed.push('first'));
    now += 1.9;
    turns.handOver(() => handed.push('second'));
    expect(handed).toEqual(['first', 'second']);

    now += 0.2; // 2.1 ms of statements back to back: the next waits for the loop
    turns.handOver(() => handed.push('third'));
    expect(handed).toEqual(['first', 'second']);
    await loopTurn();
    expect(handed).toEqual(['first', 'second', 'third']);
  });

  it('counts a new run after the loop has turned, however long ago the last one began', async () => {
    let now = 0;
    const turns = createEventLoopTurns(2, () => now);
    const handed: number[] = [];
    turns.handOver(() => handed.push(1));
    await loopTurn();
    now += 50;
    turns.handOver(() => handed.push(2));
    expect(handed).toEqual([1, 2]);
  });

  it('with a budget of 0 gives the loop a turn after every statement', async () => {
    const turns = createEventLoopTurns(0, () => 0);
    const handed: number[] = [];
    turns.handOver(() => handed.push(1));
    expect(handed).toEqual([]);
    await loopTurn();
    expect(handed).toEqual([1]);
  });
});
