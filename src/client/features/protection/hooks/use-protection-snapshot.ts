import { useSyncExternalStore } from 'react';
import { getProtectionSnapshot, subscribeProtection } from '../stores/protection-store';
import type { ProtectionSnapshot } from '../utils/protection-engine';

/** What danger detection is doing on this phone now. */
export function useProtectionSnapshot(): ProtectionSnapshot {
  return useSyncExternalStore(subscribeProtection, getProtectionSnapshot);
}
