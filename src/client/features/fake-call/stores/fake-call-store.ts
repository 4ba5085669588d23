import { useSyncExternalStore } from 'react';

/**
 * The app's one fake call (docs/PRODUCT.md#fake-call): written by the dialog that schedules it and by the host
 * that rings it (app/components/fake-call-host.tsx), which the app shell keeps mounted across its screens. It
 * lives in memory only: a reload forgets it, and the dialog says so.
 */
export type FakeCall =
  | { phase: 'idle' }
  | { phase: 'scheduled'; callerName: string; ringAt: number }
  | { phase: 'ringing'; callerName: string }
  | { phase: 'in-call'; callerName: string; answeredAt: number };

const IDLE: FakeCall = { phase: 'idle' };

let current: FakeCall = IDLE;
const listeners = new Set<() => void>();

function set(next: FakeCall): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

export function getFakeCall(): FakeCall {
  return current;
}

export function subscribeFakeCall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFakeCall(): FakeCall {
  return useSyncExternalStore(subscribeFakeCall, getFakeCall);
}

/** Replaces any call already scheduled or under way: there is one at a time. */
export function scheduleFakeCall(callerName: string, delayMs: number, now = Date.now()): void {
  set({ phase: 'scheduled', callerName, ringAt: now + delayMs });
}

/** The scheduled call's time has come. */
export function ringFakeCall(): void {
  if (current.phase === 'scheduled') set({ phase: 'ringing', callerName: current.callerName });
}

export function acceptFakeCall(now = Date.now()): void {
  if (current.phase === 'ringing') set({ phase: 'in-call', callerName: current.callerName, answeredAt: now });
}

/** Cancel, Decline, End call, an unanswered ring running out: back to no call. */
export function endFakeCall(): void {
  if (current.phase !== 'idle') set(IDLE);
}
