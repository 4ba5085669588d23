import type { DetectorStates, ProtectionSnapshot } from './protection-engine';

/** The dialog's badge (docs/PRODUCT.md#ai-protection). */
export type ProtectionLevel = 'maximum' | 'active' | 'limited' | 'none';

/** Nothing runs: the engine is not there (yet), or protection is off. */
export const sensorsOffSnapshot: ProtectionSnapshot = {
  enabled: false,
  detectors: { shake: 'off', loudSound: 'off', voice: 'off' },
  wakeLock: 'off',
  motionPermission: 'unsupported',
};

/**
 * The badge from what is running on this phone now, never from the switches: Maximum Protection Active when
 * shake detection (which runs only with motion permission) and voice both run; Protection Active when any
 * detector runs; Limited Protection when none does and motion waits for or was refused its permission; else No
 * Protection.
 */
export function protectionLevel(detectors: DetectorStates): ProtectionLevel {
  const running = (state: DetectorStates[keyof DetectorStates]): boolean => state === 'running';
  if (running(detectors.shake) && running(detectors.voice)) return 'maximum';
  if (running(detectors.shake) || running(detectors.voice) || running(detectors.loudSound)) return 'active';
  if (detectors.shake === 'needs-permission' || detectors.shake === 'refused') return 'limited';
  return 'none';
}
