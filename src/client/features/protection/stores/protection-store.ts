import type { ProtectionEngine, ProtectionSnapshot } from '../utils/protection-engine';
import { sensorsOffSnapshot } from '../utils/protection-level';

/**
 * The app's one protection engine, installed by the host for the signed-in person (app/components/
 * protection-host.tsx) and read by the dialog and the readiness card, so they show what really runs.
 */
let engine: ProtectionEngine | null = null;
let stopFollowing: (() => void) | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** Makes `next` the app's engine until the returned function is called. */
export function installProtectionEngine(next: ProtectionEngine): () => void {
  stopFollowing?.();
  engine = next;
  stopFollowing = next.subscribe(notify);
  notify();
  return () => {
    if (engine !== next) return;
    stopFollowing?.();
    stopFollowing = null;
    engine = null;
    notify();
  };
}

export function currentProtectionEngine(): ProtectionEngine | null {
  return engine;
}

export function getProtectionSnapshot(): ProtectionSnapshot {
  return engine?.getSnapshot() ?? sensorsOffSnapshot;
}

export function subscribeProtection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
