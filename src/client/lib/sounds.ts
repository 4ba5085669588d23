import { SOUNDS } from '#shared/constants';

/**
 * Short sine tones (docs/PRODUCT.md#constants-and-limits). Sound is a nicety: any failure is only logged as a
 * warning.
 */
export type Tone = { frequency: number; durationMs: number; volume: number };
export type SoundName =
  'countdownBeep' | 'emergencyAlert' | 'click' | 'toggleOn' | 'toggleOff' | 'defaultBeep';

type AudioContextConstructor = new () => AudioContext;

let sharedContext: AudioContext | null = null;

/**
 * The signed-in person's sound_enabled (docs/PRODUCT.md#quick-actions): every tone honours it. Set from the
 * profile whenever it is loaded (app/components/sound-preference-sync.ts); on until a profile says otherwise.
 */
let soundEnabled = true;

export function setSoundEnabled(enabled: boolean): void {
  soundEnabled = enabled;
}

export function isSoundEnabled(): boolean {
  return soundEnabled;
}

/**
 * Back to a fresh start: no context, sound on. For the client tests, which share this module between files and
 * replace the browser's Web Audio from one to the next.
 */
export function resetSounds(): void {
  sharedContext = null;
  soundEnabled = true;
}

/**
 * One context for the whole app: browsers cap how many may exist, and creating one is slow. Exported for sounds
 * longer than a tone (Fake Call's ringtone); null without Web Audio.
 */
export function getAudioContext(): AudioContext | null {
  if (sharedContext) return sharedContext;
  const scope = window as Window & { webkitAudioContext?: AudioContextConstructor };
  const Constructor: AudioContextConstructor | undefined = window.AudioContext ?? scope.webkitAudioContext;
  if (!Constructor) return null;
  sharedContext = new Constructor();
  return sharedContext;
}

export function playTone(tone: Tone, delayMs = 0): void {
  if (!soundEnabled) return;
  try {
    const context = getAudioContext();
    if (!context) {
      console.warn('Sound playback failed: Web Audio is not available');
      return;
    }
    // Autoplay policies start contexts suspended until a user gesture; resuming may still be refused.
    if (context.state === 'suspended') {
      context.resume().catch((error: unknown) => console.warn('Sound playback failed', error));
    }
    const start = context.currentTime + delayMs / 1000;
    const end = start + tone.durationMs / 1000;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(tone.frequency, start);
    gain.gain.setValueAtTime(tone.volume, start);
    // Fading out avoids the click a sine makes when cut off mid-wave.
    gain.gain.exponentialRampToValueAtTime(0.001, end);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end);
  } catch (error) {
    console.warn('Sound playback failed', error);
  }
}

export function playSound(name: SoundName): void {
  if (name === 'emergencyAlert') {
    for (const { delayMs, ...tone } of SOUNDS.emergencyAlert) playTone(tone, delayMs);
    return;
  }
  playTone(SOUNDS[name]);
}
