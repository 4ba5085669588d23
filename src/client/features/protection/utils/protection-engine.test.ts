import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PROTECTION_SETTINGS,
  PROTECTION,
  type Detector,
  type ProtectionSettings,
} from '#shared/protection';
import { PROTECTION_PHONE } from '#shared/protection-phone';
import { createFakeDevice, type FakeDevice } from '../../../testing/fake-device';
import { createFakeDangerSensors, type FakeDangerSensors } from '../../../testing/fake-danger-sensors';
import { loudBang, lyingStill, quietRoom, shaking, walking } from '../../../testing/danger-traces';
import { createProtectionEngine, type ProtectionEngine } from './protection-engine';
import { protectionLevel } from './protection-level';

const ON: ProtectionSettings = { ...DEFAULT_PROTECTION_SETTINGS, enabled: true };

let sensors: FakeDangerSensors;
let device: FakeDevice;
let detections: Detector[];
let engine: ProtectionEngine;
let clock: number;

function start(settings: ProtectionSettings = ON, keepScreenOn = false): void {
  engine.apply({ settings, keepScreenOn });
}

/** Lets promises (a microphone opening, a permission answer) settle. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

const states = () => engine.getSnapshot().detectors;

beforeEach(() => {
  vi.useFakeTimers();
  sensors = createFakeDangerSensors();
  device = createFakeDevice();
  detections = [];
  clock = 1_000_000;
  engine = createProtectionEngine({
    sensors,
    network: device.network,
    onDetect: (detector) => detections.push(detector),
    now: () => clock,
  });
});

afterEach(() => {
  engine.dispose();
});

describe('the protection engine', () => {
  it('runs nothing while the settings are unknown or protection is off', async () => {
    engine.apply({ settings: null, keepScreenOn: true });
    await settle();
    expect(states()).toEqual({ shake: 'off', loudSound: 'off', voice: 'off' });
    start({ ...ON, enabled: false }, true);
    await settle();
    expect(states()).toEqual({ shake: 'off', loudSound: 'off', voice: 'off' });
    expect(sensors.motionListeners()).toBe(0);
    expect(sensors.soundOpen()).toBe(false);
    expect(sensors.speechListening()).toBe(false);
    expect(sensors.wakeLockHeld()).toBe(false);
    expect(protectionLevel(states())).toBe('none');
  });

  it('says motion is running only once a reading has come, and that a silent sensor gives none', async () => {
    start();
    await settle();
    expect(states().shake).toBe('waiting');
    expect(states().loudSound).toBe('running');
    expect(states().voice).toBe('running');
    sensors.emitMotion(lyingStill(0.1));
    expect(states().shake).toBe('running');
    expect(protectionLevel(states())).toBe('maximum');

    // Another engine on a device that never sends a reading (a desktop).
    engine.dispose();
    engine = createProtectionEngine({ sensors, network: device.network, onDetect: () => undefined });
    start();
    await vi.advanceTimersByTimeAsync(PROTECTION_PHONE.motionSilenceMs);
    expect(states().shake).toBe('unsupported');
    // A reading later still starts it.
    sensors.emitMotion(lyingStill(0.1));
    expect(states().shake).toBe('running');
  });

  it('a shake trace is a detection; walking and a phone lying still are not', async () => {
    start();
    await settle();
    sensors.emitMotion(lyingStill(2));
    sensors.emitMotion(walking(6));
    expect(detections).toEqual([]);
    sensors.emitMotion(shaking(1));
    expect(detections).toEqual(['shake']);
  });

  it('the sensitivity decides: a shake below the person’s threshold is not one', async () => {
    start({ ...ON, motionThreshold: PROTECTION.motionThreshold.max });
    await settle();
    sensors.emitMotion(shaking(1));
    expect(detections).toEqual([]);
    // Lowered while running: the next shake counts.
    engine.apply({ settings: { ...ON, motionThreshold: 8 } });
    sensors.emitMotion(shaking(1));
    expect(detections).toEqual(['shake']);
  });

  it('detects nothing more for 10 s after a detection, and a cancelled countdown starts the cooldown afresh', async () => {
    start();
    await settle();
    sensors.emitMotion(shaking(1));
    clock += PROTECTION.cooldownMs - 1;
    sensors.emitMotion(shaking(1));
    sensors.emitSound(loudBang());
    expect(detections).toEqual(['shake']);
    clock += 1;
    sensors.emitMotion(shaking(1));
    expect(detections).toEqual(['shake', 'shake']);

    clock += 4000;
    engine.restartCooldown();
    clock += PROTECTION.cooldownMs - 1;
    sensors.emitMotion(shaking(1));
    expect(detections).toHaveLength(2);
    clock += 1;
    sensors.emitMotion(shaking(1));
    expect(detections).toHaveLength(3);
  });

  it('a loud sound is a detection; a quiet room is not', async () => {
    start();
    await settle();
    sensors.emitSound(quietRoom());
    expect(detections).toEqual([]);
    sensors.emitSound(loudBang());
    expect(detections).toEqual(['loudSound']);
  });

  it('a final transcript with a keyword is a detection, within the recognition accuracy', async () => {
    start({ ...ON, keywords: ['help me', 'pineapple'], recognitionAccuracy: 0.8 });
    await settle();
    sensors.speak('what a lovely day');
    expect(detections).toEqual([]);
    sensors.speak('please Help Mi now');
    expect(detections).toEqual(['voice']);
    clock += PROTECTION.cooldownMs;
    // At 1 only the exact words count.
    engine.apply({ settings: { ...ON, keywords: ['help me'], recognitionAccuracy: 1 } });
    sensors.speak('help mi');
    expect(detections).toEqual(['voice']);
    sensors.speak('help me');
    expect(detections).toEqual(['voice', 'voice']);
  });

  it('restarts listening 1 s after the recognition ends by itself', async () => {
    start();
    await settle();
    expect(sensors.speechStarts).toBe(1);
    sensors.endSpeech();
    await vi.advanceTimersByTimeAsync(PROTECTION.voiceRestartMs - 1);
    expect(sensors.speechListening()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sensors.speechStarts).toBe(2);
    expect(states().voice).toBe('running');
  });

  it('pauses every detector while the page is hidden, says so, and starts them again when it is shown', async () => {
    start();
    await settle();
    sensors.emitMotion(lyingStill(0.1));
    sensors.setVisible(false);
    expect(states()).toEqual({ shake: 'paused-hidden', loudSound: 'paused-hidden', voice: 'paused-hidden' });
    expect(sensors.motionListeners()).toBe(0);
    expect(sensors.soundOpen()).toBe(false);
    expect(sensors.speechListening()).toBe(false);
    expect(protectionLevel(states())).toBe('none');
    // Readings that still arrive while hidden change nothing.
    sensors.emitMotion(shaking(1));
    expect(detections).toEqual([]);

    sensors.setVisible(true);
    await settle();
    sensors.emitMotion(lyingStill(0.1));
    expect(states()).toEqual({ shake: 'running', loudSound: 'running', voice: 'running' });
  });

  it('voice waits for a connection and starts when it returns', async () => {
    device.setOnline(false);
    start();
    await settle();
    expect(states().voice).toBe('offline');
    expect(sensors.speechStarts).toBe(0);
    device.setOnline(true);
    await settle();
    expect(states().voice).toBe('running');
    // The recognition service itself could not be reached: the same, until the browser says it is online again.
    sensors.failSpeech('network');
    expect(states().voice).toBe('offline');
    device.setOnline(true);
    await settle();
    expect(states().voice).toBe('running');
  });

  it('says why a detector did not start: refused, not supported, held until a touch', async () => {
    sensors.soundOutcome = 'refused';
    sensors.speechSupported = false;
    start();
    await settle();
    expect(states().loudSound).toBe('refused');
    expect(states().voice).toBe('unsupported');

    // Switched off and on again, the microphone is asked for again.
    sensors.soundOutcome = 'held';
    engine.apply({ settings: { ...ON, loudSoundEnabled: false } });
    expect(states().loudSound).toBe('off');
    engine.apply({ settings: ON });
    await settle();
    expect(states().loudSound).toBe('needs-tap');
    sensors.releaseSound();
    expect(states().loudSound).toBe('running');
  });

  it('voice refused by the browser is refused, not retried', async () => {
    start();
    await settle();
    sensors.failSpeech('refused');
    expect(states().voice).toBe('refused');
    await vi.advanceTimersByTimeAsync(5 * PROTECTION.voiceRestartMs);
    expect(sensors.speechStarts).toBe(1);
  });

  it('on iOS, motion waits for the person’s tap on Enable Motion Detection: Limited Protection until then', async () => {
    sensors.motionPermission = 'prompt';
    sensors.motionAnswer = 'reject';
    start({ ...ON, loudSoundEnabled: false, voiceEnabled: false });
    await settle();
    expect(states().shake).toBe('needs-permission');
    expect(protectionLevel(states())).toBe('limited');

    sensors.motionAnswer = 'granted';
    await expect(engine.enableMotion()).resolves.toBe('granted');
    expect(states().shake).toBe('waiting');
    sensors.emitMotion(lyingStill(0.1));
    expect(protectionLevel(states())).toBe('active');
  });

  it('motion refused on iOS stays refused', async () => {
    sensors.motionPermission = 'prompt';
    sensors.motionAnswer = 'reject';
    start();
    await settle();
    sensors.motionAnswer = 'denied';
    await expect(engine.enableMotion()).resolves.toBe('denied');
    expect(states().shake).toBe('refused');
  });

  it('keeps the screen awake while protection is on and the person chose it, and says when the browser refuses', async () => {
    start(ON, true);
    expect(sensors.wakeLockHeld()).toBe(true);
    expect(engine.getSnapshot().wakeLock).toBe('on');
    engine.apply({ keepScreenOn: false });
    expect(sensors.wakeLockHeld()).toBe(false);
    expect(engine.getSnapshot().wakeLock).toBe('off');

    sensors.wakeLockAnswer = 'lost';
    engine.apply({ keepScreenOn: true });
    expect(engine.getSnapshot().wakeLock).toBe('lost');
    engine.apply({ settings: { ...ON, enabled: false } });
    expect(engine.getSnapshot().wakeLock).toBe('off');
  });

  it('reports once the detectors turned on have started or failed', async () => {
    const settled = vi.fn();
    sensors.soundOutcome = 'refused';
    engine.apply({ settings: ON }, settled);
    await settle();
    expect(settled).not.toHaveBeenCalled();
    sensors.emitMotion(lyingStill(0.1));
    expect(settled).toHaveBeenCalledTimes(1);
    expect(settled.mock.calls[0]?.[0].detectors).toEqual({
      shake: 'running',
      loudSound: 'refused',
      voice: 'running',
    });
  });
});

describe('the badge', () => {
  it('is computed from what runs, never from the switches', () => {
    expect(protectionLevel({ shake: 'running', loudSound: 'off', voice: 'running' })).toBe('maximum');
    expect(protectionLevel({ shake: 'running', loudSound: 'running', voice: 'unsupported' })).toBe('active');
    expect(protectionLevel({ shake: 'off', loudSound: 'off', voice: 'running' })).toBe('active');
    expect(protectionLevel({ shake: 'unsupported', loudSound: 'running', voice: 'off' })).toBe('active');
    expect(protectionLevel({ shake: 'needs-permission', loudSound: 'refused', voice: 'off' })).toBe(
      'limited',
    );
    expect(protectionLevel({ shake: 'refused', loudSound: 'off', voice: 'offline' })).toBe('limited');
    expect(protectionLevel({ shake: 'waiting', loudSound: 'needs-tap', voice: 'starting' })).toBe('none');
    expect(
      protectionLevel({ shake: 'paused-hidden', loudSound: 'paused-hidden', voice: 'paused-hidden' }),
    ).toBe('none');
  });
});
