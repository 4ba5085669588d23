import { createCooldown } from '#shared/detection/cooldown';
import { matchKeyword } from '#shared/detection/keywords';
import { createLoudSoundDetector } from '#shared/detection/loud-sound';
import { createShakeDetector } from '#shared/detection/shake';
import { PROTECTION, type Detector, type ProtectionSettings } from '#shared/protection';
import { PROTECTION_PHONE } from '#shared/protection-phone';
import type { DangerSensors } from '../../../lib/device/danger-sensors';
import type { MotionPermission } from '../../../lib/device/motion-sensor';
import type { NetworkAdapter } from '../../../lib/device/network';
import { sensorFailureOf } from '../../../lib/device/sensor-error';
import type { SpeechFailure } from '../../../lib/device/speech-sensor';
import type { WakeLockState } from '../../../lib/device/wake-lock';

/**
 * What one detector is doing on this phone right now (docs/PRODUCT.md#ai-protection). Only `running` protects.
 * - `off`: protection or this detector is switched off.
 * - `starting`: being set up (a permission asked, the microphone opening).
 * - `waiting`: motion is listened for and no reading has come yet.
 * - `needs-permission`: motion needs the person's tap on Enable Motion Detection (iOS).
 * - `needs-tap`: the browser holds the microphone's sound until the person touches the page.
 * - `refused`: the permission was refused; the person must unblock it in the browser or phone settings.
 * - `unsupported`: this browser or device has no such sensor (or gives no readings).
 * - `paused-hidden`: the screen is off or Beacon is not in front: browsers stop sensors then.
 * - `offline`: voice needs a connection (the browser's recognition service).
 * - `failed`: it could not start or stopped with an error.
 */
export type DetectorState =
  | 'off'
  | 'starting'
  | 'waiting'
  | 'needs-permission'
  | 'needs-tap'
  | 'refused'
  | 'unsupported'
  | 'paused-hidden'
  | 'offline'
  | 'failed'
  | 'running';

export type DetectorStates = Record<Detector, DetectorState>;

export type ProtectionSnapshot = {
  /** The master switch as this phone applies it (false until the settings are known). */
  enabled: boolean;
  detectors: DetectorStates;
  /** The screen wake lock: `off` when not asked for. */
  wakeLock: WakeLockState;
  motionPermission: MotionPermission;
};

/** What the engine applies: the person's settings (null while unknown) and this device's choice. */
export type ProtectionInput = {
  settings: ProtectionSettings | null;
  /** The "Keep the screen on" choice of this device. */
  keepScreenOn: boolean;
};

export type EnableMotionOutcome = 'granted' | 'denied' | 'error';

export type ProtectionEngine = {
  getSnapshot(): ProtectionSnapshot;
  subscribe(listener: () => void): () => void;
  /**
   * Applies a change of the input (the rest stays); the detectors start or stop to match. Called from a tap (the
   * dialog's switches) it starts the sensors inside that tap, as iOS and Safari require; `onSettled` then hears
   * the outcome once no detector is still starting.
   */
  apply(change: Partial<ProtectionInput>, onSettled?: (snapshot: ProtectionSnapshot) => void): void;
  /** Enable Motion Detection: asks for motion (call it inside the tap), then starts shake detection. */
  enableMotion(): Promise<EnableMotionOutcome>;
  /** No detection opens a countdown for the cooldown from now (the person cancelled one). */
  restartCooldown(): void;
  dispose(): void;
};

export type ProtectionEngineDeps = {
  sensors: DangerSensors;
  network: NetworkAdapter;
  /** A detector noticed danger, outside the cooldown. */
  onDetect: (detector: Detector) => void;
  /** Injected for tests. */
  now?: () => number;
};

export const DETECTORS: readonly Detector[] = ['shake', 'loudSound', 'voice'];
const SWITCHES = { shake: 'shakeEnabled', loudSound: 'loudSoundEnabled', voice: 'voiceEnabled' } as const;

const ALL_OFF: DetectorStates = { shake: 'off', loudSound: 'off', voice: 'off' };

/** States a detector stays in until something changes that may let it start (a switch, the page shown again). */
type Blocked = Extract<DetectorState, 'needs-permission' | 'refused' | 'unsupported' | 'offline' | 'failed'>;

type Runner = { alive: boolean; stop: () => void };

const SPEECH_STATES: Record<SpeechFailure, Blocked> = {
  refused: 'refused',
  network: 'offline',
  'no-microphone': 'failed',
  unsupported: 'unsupported',
  failed: 'failed',
};

/**
 * Danger detection on this phone: starts the detectors the settings switch on while Beacon is on screen, feeds their readings to the shared detection rules, and reports a detection (at most one per
 * cooldown). It publishes what each detector is really doing, so nothing claims protection that is not running.
 */
export function createProtectionEngine(deps: ProtectionEngineDeps): ProtectionEngine {
  const { sensors, network } = deps;
  // Read at each call, not captured: a page whose clock is replaced (tests) moves the cooldown with it.
  const now = deps.now ?? (() => Date.now());
  let input: ProtectionInput = { settings: null, keepScreenOn: false };
  let snapshot: ProtectionSnapshot = {
    enabled: false,
    detectors: ALL_OFF,
    wakeLock: 'off',
    motionPermission: sensors.motion.permission(),
  };
  const listeners = new Set<() => void>();
  const runners: Partial<Record<Detector, Runner>> = {};
  const blocked: Partial<Record<Detector, Blocked>> = {};
  let cooldown = createCooldown(PROTECTION.cooldownMs);
  let releaseWakeLock: (() => void) | null = null;
  let settledListener: ((snapshot: ProtectionSnapshot) => void) | null = null;
  let disposed = false;

  const publish = (change: Partial<ProtectionSnapshot>): void => {
    snapshot = { ...snapshot, ...change, motionPermission: sensors.motion.permission() };
    for (const listener of [...listeners]) listener();
    const settled = DETECTORS.every(
      (detector) => !['starting', 'waiting'].includes(snapshot.detectors[detector]),
    );
    if (settled && settledListener) {
      const listener = settledListener;
      settledListener = null;
      listener(snapshot);
    }
  };

  const setState = (detector: Detector, state: DetectorState): void => {
    if (snapshot.detectors[detector] === state) return;
    publish({ detectors: { ...snapshot.detectors, [detector]: state } });
  };

  const stopRunner = (detector: Detector): void => {
    const runner = runners[detector];
    if (!runner) return;
    runner.alive = false;
    delete runners[detector];
    runner.stop();
  };

  const block = (detector: Detector, state: Blocked): void => {
    stopRunner(detector);
    blocked[detector] = state;
    setState(detector, state);
  };

  const detect = (detector: Detector): void => {
    if (disposed || !cooldown.tryAct(now())) return;
    deps.onDetect(detector);
  };

  /** Why `detector` must not run now, or null when it should. */
  const pauseReason = (detector: Detector): DetectorState | null => {
    const { settings } = input;
    if (!settings?.enabled || !settings[SWITCHES[detector]]) return 'off';
    if (!sensors.visibility.isVisible()) return 'paused-hidden';
    if (detector === 'voice' && !network.isOnline()) return 'offline';
    return null;
  };

  const startShake = (runner: Runner): void => {
    let stopListening: (() => void) | null = null;
    let silence: ReturnType<typeof setTimeout> | null = null;
    runner.stop = () => {
      stopListening?.();
      if (silence) clearTimeout(silence);
    };
    const listen = (): void => {
      let threshold = input.settings?.motionThreshold ?? PROTECTION.motionThreshold.default;
      let detector = createShakeDetector(threshold);
      setState('shake', 'waiting');
      silence = setTimeout(() => {
        if (runner.alive && snapshot.detectors.shake === 'waiting') setState('shake', 'unsupported');
      }, PROTECTION_PHONE.motionSilenceMs);
      stopListening = sensors.motion.start((reading) => {
        if (!runner.alive) return;
        setState('shake', 'running');
        const wanted = input.settings?.motionThreshold ?? threshold;
        if (wanted !== threshold) {
          threshold = wanted;
          detector = createShakeDetector(threshold);
        }
        if (detector.push(reading)) detect('shake');
      });
    };
    const permission = sensors.motion.permission();
    if (permission === 'unsupported') return block('shake', 'unsupported');
    if (permission === 'denied') return block('shake', 'refused');
    if (permission === 'granted') return listen();
    // iOS: asking outside a tap is refused unless the person already answered in this visit.
    sensors.motion.requestPermission().then(
      (answer) => {
        if (!runner.alive) return;
        if (answer === 'granted') listen();
        else block('shake', 'refused');
      },
      () => {
        if (runner.alive) block('shake', 'needs-permission');
      },
    );
  };

  const startSound = (runner: Runner): void => {
    if (!sensors.sound.isSupported()) return block('loudSound', 'unsupported');
    const detector = createLoudSoundDetector(PROTECTION.sound.threshold);
    let held = false;
    let started = false;
    sensors.sound
      .start(
        (frame, nowMs) => {
          if (runner.alive && detector.push(frame, nowMs)) detect('loudSound');
        },
        (isHeld) => {
          held = isHeld;
          if (runner.alive && started) setState('loudSound', held ? 'needs-tap' : 'running');
        },
      )
      .then(
        (stop) => {
          if (!runner.alive) return stop();
          started = true;
          runner.stop = stop;
          setState('loudSound', held ? 'needs-tap' : 'running');
        },
        (error: unknown) => {
          if (runner.alive) block('loudSound', sensorFailureOf(error));
        },
      );
  };

  const startVoice = (runner: Runner): void => {
    if (!sensors.speech.isSupported()) return block('voice', 'unsupported');
    let restart: ReturnType<typeof setTimeout> | null = null;
    let stopListening: (() => void) | null = null;
    runner.stop = () => {
      if (restart) clearTimeout(restart);
      stopListening?.();
    };
    const listen = (): void => {
      restart = null;
      try {
        stopListening = sensors.speech.start({
          lang: PROTECTION.voiceLanguage,
          onStart: () => {
            if (runner.alive) setState('voice', 'running');
          },
          onFinal: (transcript) => {
            const { settings } = input;
            if (!runner.alive || !settings) return;
            if (matchKeyword(transcript, settings.keywords, settings.recognitionAccuracy)) detect('voice');
          },
          onEnd: () => {
            // Recognition ends by itself now and then: listening resumes a second later while it is wanted.
            if (runner.alive) restart = setTimeout(listen, PROTECTION.voiceRestartMs);
          },
          onError: (failure) => {
            if (runner.alive) block('voice', SPEECH_STATES[failure]);
          },
        });
      } catch (error) {
        block('voice', sensorFailureOf(error));
      }
    };
    listen();
  };

  const start = (detector: Detector): void => {
    const runner: Runner = { alive: true, stop: () => undefined };
    runners[detector] = runner;
    setState(detector, 'starting');
    if (detector === 'shake') startShake(runner);
    else if (detector === 'loudSound') startSound(runner);
    else startVoice(runner);
  };

  const reconcile = (): void => {
    if (disposed) return;
    for (const detector of DETECTORS) {
      const reason = pauseReason(detector);
      if (reason) {
        stopRunner(detector);
        setState(detector, reason);
      } else if (!runners[detector]) {
        const stuck = blocked[detector];
        if (stuck) setState(detector, stuck);
        else start(detector);
      }
    }
    const enabled = Boolean(input.settings?.enabled);
    const awake = enabled && input.keepScreenOn;
    if (awake && !releaseWakeLock) {
      releaseWakeLock = sensors.keepScreenAwake((wakeLock) => {
        if (!disposed) publish({ wakeLock });
      });
    } else if (!awake && releaseWakeLock) {
      const release = releaseWakeLock;
      releaseWakeLock = null;
      release();
    }
    if (snapshot.enabled !== enabled) publish({ enabled });
    else publish({});
  };

  /** Lets detectors that failed try again: something changed that may let them start. */
  const unblock = (detectors: readonly Detector[]): void => {
    for (const detector of detectors) delete blocked[detector];
  };

  const stopVisibility = sensors.visibility.subscribe(() => {
    if (sensors.visibility.isVisible()) unblock(DETECTORS);
    reconcile();
  });
  const stopNetwork = network.subscribe((online) => {
    if (online && blocked.voice === 'offline') unblock(['voice']);
    reconcile();
  });

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply(change, onSettled) {
      const next = { ...input, ...change };
      const before = input.settings;
      const after = next.settings;
      if (after?.enabled && !before?.enabled) unblock(DETECTORS);
      else if (after)
        unblock(DETECTORS.filter((detector) => after[SWITCHES[detector]] && !before?.[SWITCHES[detector]]));
      input = next;
      if (onSettled) settledListener = onSettled;
      reconcile();
    },
    enableMotion() {
      // Synchronously, so the question reaches iOS inside the person's tap.
      return sensors.motion.requestPermission().then(
        (answer) => {
          stopRunner('shake');
          unblock(['shake']);
          if (answer !== 'granted') blocked.shake = 'refused';
          reconcile();
          return answer;
        },
        () => 'error' as const,
      );
    },
    restartCooldown() {
      cooldown = createCooldown(PROTECTION.cooldownMs);
      cooldown.tryAct(now());
    },
    dispose() {
      disposed = true;
      stopVisibility();
      stopNetwork();
      for (const detector of DETECTORS) stopRunner(detector);
      releaseWakeLock?.();
      releaseWakeLock = null;
      settledListener = null;
      snapshot = { ...snapshot, enabled: false, detectors: ALL_OFF, wakeLock: 'off' };
      for (const listener of [...listeners]) listener();
    },
  };
}
