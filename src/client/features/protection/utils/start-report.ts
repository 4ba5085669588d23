import type { ProtectionSettings } from '#shared/protection';
import { DETECTOR_NAMES, PROTECTION_TOASTS as T } from '#shared/protection-ui-texts';
import { DETECTORS, type DetectorState, type ProtectionSnapshot } from './protection-engine';

export type StartToast = { tone: 'success' | 'error'; title: string; description: string };

/** A detector that is set up: running, or listening and about to run (held by the browser until a touch). */
const SET_UP: readonly DetectorState[] = ['running', 'waiting', 'needs-tap'];

/**
 * What the person is told once the detectors they just turned on have started or failed (docs/PRODUCT.md#ai-protection):
 * monitoring needs shake or loud-sound detection set up, else "Detection Failed"; each detector that did not
 * start says why in the catalogue's words. `turnedOn`: the master switch was just turned on (it confirms what runs).
 */
export function startReport(
  snapshot: ProtectionSnapshot,
  settings: ProtectionSettings,
  turnedOn: boolean,
): StartToast[] {
  if (!settings.enabled) return [];
  const { shake, loudSound, voice } = snapshot.detectors;
  const toasts: StartToast[] = [];
  const monitoringWanted = settings.shakeEnabled || settings.loudSoundEnabled;
  const monitoring = SET_UP.includes(shake) || SET_UP.includes(loudSound);
  if (monitoringWanted && !monitoring) {
    toasts.push({ tone: 'error', title: T.detectionFailed, description: T.detectionFailedDescription });
  } else {
    if (settings.loudSoundEnabled && loudSound === 'refused') {
      toasts.push({
        tone: 'error',
        title: T.microphoneAccessRequired,
        description: T.microphoneAccessRequiredDescription,
      });
    }
    if (settings.shakeEnabled && (shake === 'needs-permission' || shake === 'unsupported')) {
      toasts.push({
        tone: 'error',
        title: T.motionLimited,
        description:
          shake === 'needs-permission' ? T.motionLimitedNeedsPermission : T.motionLimitedUnsupported,
      });
    }
  }
  if (settings.voiceEnabled) {
    if (voice === 'refused') {
      toasts.push({
        tone: 'error',
        title: T.microphonePermissionRequired,
        description: T.microphonePermissionRequiredDescription,
      });
    } else if (voice === 'unsupported' || voice === 'offline' || voice === 'failed') {
      const description =
        voice === 'unsupported'
          ? T.voiceFailedUnsupported
          : voice === 'offline'
            ? T.voiceFailedOffline
            : T.voiceFailedOther;
      toasts.push({ tone: 'error', title: T.voiceFailed, description });
    }
  }
  const running = DETECTORS.filter((detector) => snapshot.detectors[detector] === 'running');
  if (turnedOn && running.length > 0 && toasts.length === 0) {
    const names = running.map((detector) => DETECTOR_NAMES[detector]).join(', ');
    toasts.push({ tone: 'success', title: T.on, description: T.onDescription(names) });
  }
  return toasts;
}
