import type { SoundFrame } from '#shared/detection/loud-sound';
import { PROTECTION } from '#shared/protection';
import { PROTECTION_PHONE } from '#shared/protection-phone';
import { SensorError, sensorFailureOf } from './sensor-error';

/** The microphone's loudness, as analyser frames, behind an interface tests drive with recorded frames. */
export type SoundSensor = {
  isSupported(): boolean;
  /**
   * Opens the microphone and hands over a frame every few milliseconds until the returned function is called.
   * Rejects with a SensorError when the microphone cannot be had. `onHeld(true)`: the browser holds sound until
   * the person touches the page (an audio context made outside a tap); `onHeld(false)` once it runs.
   */
  start(
    onFrame: (frame: SoundFrame, nowMs: number) => void,
    onHeld: (held: boolean) => void,
  ): Promise<() => void>;
};

type AudioContextClass = new () => AudioContext;

function audioContextClass(): AudioContextClass | null {
  const scope = window as Window & {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

export const browserSoundSensor: SoundSensor = {
  isSupported: () => Boolean(navigator.mediaDevices?.getUserMedia) && audioContextClass() !== null,
  start(onFrame, onHeld) {
    const Context = audioContextClass();
    if (!navigator.mediaDevices?.getUserMedia || !Context) {
      return Promise.reject(new SensorError('unsupported'));
    }
    // Both made now, synchronously: inside the tap that turned protection on, where there was one, a browser
    // lets the audio context run and asks for the microphone at once.
    const context = new Context();
    // Without automatic gain and noise suppression the 0.3 threshold is a fixed loudness: with them, the browser
    // turns a quiet room up and a shout down, and the rule would measure the browser's gain (decision 035).
    const opening = navigator.mediaDevices.getUserMedia({
      audio: { autoGainControl: false, noiseSuppression: false, echoCancellation: false },
      video: false,
    });
    return opening.then(
      (stream) => {
        const analyser = context.createAnalyser();
        analyser.fftSize = PROTECTION.sound.fftSize;
        analyser.smoothingTimeConstant = PROTECTION.sound.smoothing;
        context.createMediaStreamSource(stream).connect(analyser);
        const waveform = new Float32Array(analyser.fftSize);
        const bins = new Uint8Array(analyser.frequencyBinCount);
        const timer = window.setInterval(() => {
          if (context.state !== 'running') return;
          analyser.getFloatTimeDomainData(waveform);
          analyser.getByteFrequencyData(bins);
          onFrame({ waveform, bins }, performance.now());
        }, PROTECTION_PHONE.soundFrameMs);
        const resume = (): void => void context.resume().catch(() => undefined);
        const reportState = (): void => onHeld(context.state === 'suspended');
        context.addEventListener('statechange', reportState);
        // A context made outside a tap waits for the person's next touch or key.
        document.addEventListener('pointerdown', resume, true);
        document.addEventListener('keydown', resume, true);
        if (context.state === 'suspended') resume();
        reportState();
        return () => {
          window.clearInterval(timer);
          context.removeEventListener('statechange', reportState);
          document.removeEventListener('pointerdown', resume, true);
          document.removeEventListener('keydown', resume, true);
          for (const track of stream.getTracks()) track.stop();
          void context.close().catch(() => undefined);
        };
      },
      (error: unknown) => {
        void context.close().catch(() => undefined);
        throw new SensorError(sensorFailureOf(error));
      },
    );
  },
};
