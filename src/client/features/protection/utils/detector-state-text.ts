import type { Detector } from '#shared/protection';
import { DETECTOR_STATE_TEXTS } from '#shared/protection-ui-texts';
import type { DetectorState } from './protection-engine';

/** What a detector's line says about `state`: the same words in the dialog and on the readiness card. */
export function detectorStateText(detector: Detector, state: DetectorState): string {
  const text = DETECTOR_STATE_TEXTS[state];
  return typeof text === 'string' ? text : text[detector];
}
