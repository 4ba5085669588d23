import { FAKE_CALL } from '#shared/fake-call';

/** `voice`: the browser speaks the caller's lines. `none`: it cannot (no speech, no voices) or Sound is off. */
export type CallerVoice = 'pending' | 'voice' | 'none';

export type CallScriptOptions = {
  /** window.speechSynthesis where the browser has it. */
  synth: SpeechSynthesis | null;
  lines: readonly string[];
  /** Whether the caller may speak: the person's Sound setting. */
  soundOn: boolean;
  onVoice: (voice: CallerVoice) => void;
};

/** A short breath after the call is answered before the caller's first line, as on a real call. */
const FIRST_LINE_AFTER_MS = 800;

/** An English voice, the phone's own language first: the lines are English. */
function pickVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const language = navigator.language.toLowerCase();
  const english = voices.filter((voice) => voice.lang.toLowerCase().startsWith('en'));
  return (
    english.find((voice) => voice.lang.toLowerCase() === language) ??
    english.find((voice) => voice.default) ??
    english[0] ??
    voices.find((voice) => voice.default) ??
    voices[0] ??
    null
  );
}

/**
 * Speaks the caller's lines one at a time, with a pause after each for the person to "answer", until the returned
 * function is called. Without speech synthesis or any voice (some browsers fill the list in a moment later: it
 * waits for it briefly), it says `none` and nothing is spoken.
 */
export function speakCallScript({ synth, lines, soundOn, onVoice }: CallScriptOptions): () => void {
  if (!synth || !soundOn) {
    onVoice('none');
    return () => undefined;
  }
  let stopped = false;
  let timer: number | undefined;
  const speakLine = (index: number, voice: SpeechSynthesisVoice): void => {
    const line = lines[index];
    if (stopped || line === undefined) return;
    const utterance = new SpeechSynthesisUtterance(line);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    const next = (): void => {
      if (stopped) return;
      timer = window.setTimeout(() => speakLine(index + 1, voice), FAKE_CALL.scriptPauseMs);
    };
    utterance.onend = next;
    utterance.onerror = next;
    synth.speak(utterance);
  };
  const begin = (): boolean => {
    const voice = pickVoice(synth.getVoices());
    if (!voice) return false;
    onVoice('voice');
    timer = window.setTimeout(() => speakLine(0, voice), FIRST_LINE_AFTER_MS);
    return true;
  };
  let giveUp: number | undefined;
  const onVoicesChanged = (): void => {
    if (stopped || !begin()) return;
    synth.removeEventListener('voiceschanged', onVoicesChanged);
    window.clearTimeout(giveUp);
  };
  if (!begin()) {
    onVoice('pending');
    synth.addEventListener('voiceschanged', onVoicesChanged);
    giveUp = window.setTimeout(() => {
      synth.removeEventListener('voiceschanged', onVoicesChanged);
      if (!stopped) onVoice('none');
    }, FAKE_CALL.voicesWaitMs);
  }
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    window.clearTimeout(giveUp);
    synth.removeEventListener('voiceschanged', onVoicesChanged);
    synth.cancel();
  };
}

/** The browser's speech synthesis, or null. */
export function browserSpeech(): SpeechSynthesis | null {
  return typeof window.speechSynthesis === 'undefined' ? null : window.speechSynthesis;
}
