import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdmissionGate, URGENT_PAUSE_LIMIT_MS } from './admission';

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('admission gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts no ordinary request while an SOS is handled, and all of them again once it is done', async () => {
    vi.useFakeTimers();
    const admission = createAdmissionGate(2);
    const running = await admission.acquire();
    const sosDone = admission.urgentStarted();
    let admitted = 0;
    const waiting = [admission.acquire(), admission.acquire()].map((p) => p.then((r) => (admitted++, r)));
    await flush();
    running(); // what already ran finishes; its slot is not handed on during the SOS
    await flush();
    expect(admitted).toBe(0);
    expect(admission.load()).toEqual({ running: 0, waiting: 2 });

    sosDone();
    await flush();
    expect(admitted).toBe(2);
    for (const release of await Promise.all(waiting)) release();
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
    admission.close();
  });

  it('gives ordinary requests one slot after the pause limit, even while SOS follow one another', async () => {
    vi.useFakeTimers();
    const admission = createAdmissionGate(4);
    let sosDone = admission.urgentStarted();
    let admitted = 0;
    const waiting = [admission.acquire(), admission.acquire()].map((p) => p.then((r) => (admitted++, r)));
    await vi.advanceTimersByTimeAsync(URGENT_PAUSE_LIMIT_MS / 2);
    // A second SOS starts before the first ends: still one stretch of SOS handling.
    const nextSosDone = admission.urgentStarted();
    sosDone();
    sosDone = nextSosDone;
    await vi.advanceTimersByTimeAsync(URGENT_PAUSE_LIMIT_MS / 2 - 1);
    expect(admitted).toBe(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(admitted).toBe(1);
    expect(admission.load()).toEqual({ running: 1, waiting: 1 });

    sosDone();
    await flush();
    expect(admitted).toBe(2);
    for (const release of await Promise.all(waiting)) release();
    admission.close();
  });
});
