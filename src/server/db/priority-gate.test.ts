import { describe, expect, it } from 'vitest';
import { createPriorityGate } from './priority-gate';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('priority gate', () => {
  it('lets `capacity` pieces of work in at once and hands a freed slot to a waiting urgent one first', async () => {
    const gate = createPriorityGate(2);
    const order: string[] = [];
    const first = await gate.acquire(false);
    const second = await gate.acquire(false);
    const waiting = [
      gate.acquire(false).then((release) => (order.push('normal'), release)),
      gate.acquire(true).then((release) => (order.push('urgent'), release)),
    ];
    await flush();
    expect(order).toEqual([]);
    first();
    first(); // a second call gives nothing back twice
    await flush();
    expect(order).toEqual(['urgent']);
    second();
    await flush();
    expect(order).toEqual(['urgent', 'normal']);
    for (const release of await Promise.all(waiting)) release();
    // Everything was given back: two slots are free again.
    await Promise.all([gate.acquire(false), gate.acquire(false)]);
  });

  it('runs work one at a time by default and frees the slot when work fails', async () => {
    const gate = createPriorityGate();
    await expect(gate.run(false, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await flush();
      running--;
    };
    await Promise.all([gate.run(false, work), gate.run(true, work), gate.run(false, work)]);
    expect(most).toBe(1);
  });

  it('admits less after its capacity shrinks, without stopping what runs, and more once it grows again', async () => {
    const gate = createPriorityGate(3);
    const running = await Promise.all([gate.acquire(false), gate.acquire(false), gate.acquire(false)]);
    gate.setCapacity(1);
    let admitted = 0;
    const waiting = [1, 2, 3].map(() => gate.acquire(false).then((release) => (admitted++, release)));
    running[0]!();
    running[1]!();
    await flush();
    expect(gate.load()).toEqual({ running: 1, waiting: 3 });
    running[2]!();
    await flush();
    expect(admitted).toBe(1);
    gate.setCapacity(3);
    await flush();
    expect(admitted).toBe(3);
    for (const release of await Promise.all(waiting)) release();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
