import { useEffect, useRef, useState, type RefObject } from 'react';
import { DETECTOR_TRIGGER_TYPES, type Detector } from '#shared/protection';
import type { AuthSession } from '#shared/schemas/auth-session';
import { DETECTED_DANGER_TEXTS } from '#shared/protection-ui-texts';
import {
  useKeepScreenOn,
  useProtectionSettings,
} from '../../features/protection/hooks/use-protection-settings';
import { installProtectionEngine } from '../../features/protection/stores/protection-store';
import {
  createProtectionEngine,
  type ProtectionEngine,
} from '../../features/protection/utils/protection-engine';
import { SosCountdownDialog } from '../../features/sos/components/sos-countdown-dialog';
import { sosUnderWay, type SosFlow } from '../../features/sos/hooks/use-sos-flow';
import { browserDangerSensors } from '../../lib/device/danger-sensors';
import { useDevice } from '../../lib/device/device-context';
import { lazyDialog } from '../../components/lazy-dialog';
import { SAFETY_PIN_COUNTDOWN_TEXTS } from '#shared/safety-pin-texts';
import { useAppSosFlow } from '../hooks/use-app-sos-flow';
import { useCountdownPin } from '../hooks/use-countdown-pin';
import { RequiredSessionContext, useRequiredSession } from '../hooks/use-required-session';

const PinPromptDialog = lazyDialog(
  () => import('../../components/pin-prompt-dialog').then((module) => module.PinPromptDialog),
  (props) => props.open,
);

/**
 * AI Protection for the signed-in person on whichever screen of the app shell they are (docs/PRODUCT.md#ai-protection).
 * It runs the protection engine with the person's settings (the server's, or the copy this device kept) and, while
 * protection is on, turns a detection into the SOS countdown right where the person is. The app shell shows it
 * only while the person has no active alert, so an alert stops detection. Loaded on demand by the shell.
 */
export function ProtectionHost({ session }: { session: AuthSession }) {
  const userId = session.user.id;
  const device = useDevice();
  const sensors = device.dangerSensors ?? browserDangerSensors;
  const { network } = device;
  const { settings } = useProtectionSettings(userId);
  const [keepScreenOn] = useKeepScreenOn(userId);
  const [detector, setDetector] = useState<Detector | null>(null);
  const flowRef = useRef<SosFlow | null>(null);
  const latest = useRef({ settings, keepScreenOn });
  useEffect(() => {
    latest.current = { settings, keepScreenOn };
  });
  const engineRef = useRef<ProtectionEngine | null>(null);

  useEffect(() => {
    const onDetect = (noticed: Detector): void => {
      const flow = flowRef.current;
      // Never over an SOS countdown or send already under way, on this screen or the page's own.
      if (!flow || sosUnderWay()) return;
      setDetector(noticed);
      flow.requestSos();
    };
    const engine = createProtectionEngine({ sensors, network, onDetect });
    engineRef.current = engine;
    const uninstall = installProtectionEngine(engine);
    engine.apply(latest.current);
    return () => {
      engineRef.current = null;
      uninstall();
      engine.dispose();
    };
  }, [sensors, network]);

  useEffect(() => {
    engineRef.current?.apply({ settings, keepScreenOn });
  }, [settings, keepScreenOn]);

  // Mounted while protection is on, and kept once a detection opened a countdown: protection turned off on another
  // device must not silently drop a countdown already running here.
  return settings?.enabled || detector ? (
    // The SOS flow reads the person as the screens under <RequireSession> do.
    <RequiredSessionContext.Provider value={session}>
      <DetectionCountdown
        flowRef={flowRef}
        detector={detector}
        // The false alarm just cancelled must not reopen the countdown at once.
        onCancelled={() => engineRef.current?.restartCooldown()}
      />
    </RequiredSessionContext.Provider>
  ) : null;
}

/**
 * The SOS countdown a detection opens, saying what was noticed. Left alone, the SOS flow raises the alert with the
 * detector's trigger (POST /api/alerts, or the device outbox offline); Cancel Emergency sends nothing.
 */
function DetectionCountdown({
  flowRef,
  detector,
  onCancelled,
}: {
  flowRef: RefObject<SosFlow | null>;
  detector: Detector | null;
  onCancelled: () => void;
}) {
  const { flow } = useAppSosFlow({ triggerType: detector ? DETECTOR_TRIGGER_TYPES[detector] : 'manual' });
  useEffect(() => {
    flowRef.current = flow;
    return () => {
      flowRef.current = null;
    };
  });
  const counting = flow.phase === 'countdown';
  const cancel = (): void => {
    flow.cancelSos();
    onCancelled();
  };
  const pin = useCountdownPin(useRequiredSession().user.id, counting, cancel);
  return (
    <>
      <SosCountdownDialog
        open={counting}
        onConfirm={flow.confirmSos}
        onCancel={pin.requestCancel}
        soundEnabled={flow.soundEnabled}
        notice={detector ? DETECTED_DANGER_TEXTS[detector] : undefined}
      />
      <PinPromptDialog {...pin.prompt} description={SAFETY_PIN_COUNTDOWN_TEXTS.description} />
    </>
  );
}
