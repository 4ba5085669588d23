import { SensorError } from './sensor-error';

/**
 * Why listening stopped: `refused` (microphone or speech service not allowed), `network` (the recognition service
 * could not be reached: Chrome's sends the sound to a server), `no-microphone`, `unsupported` (the language), or
 * `failed`.
 */
export type SpeechFailure = 'refused' | 'network' | 'no-microphone' | 'unsupported' | 'failed';

export type SpeechListening = {
  lang: string;
  /** The recognition service has begun listening. */
  onStart: () => void;
  /** A final result's words (interim guesses never come here). */
  onFinal: (transcript: string) => void;
  /** The browser ended the listening by itself (it does now and then, or after an error). */
  onEnd: () => void;
  onError: (failure: SpeechFailure) => void;
};

/** Speech recognition, behind an interface tests drive with transcripts. */
export type SpeechSensor = {
  isSupported(): boolean;
  /** Starts continuous listening; throws a SensorError when it cannot. Stop with the returned function. */
  start(listening: SpeechListening): () => void;
};

type RecognitionResult = { isFinal: boolean; 0?: { transcript: string } };
type RecognitionEvent = { resultIndex: number; results: ArrayLike<RecognitionResult> };
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  onstart: (() => void) | null;
  start(): void;
  abort(): void;
};
type RecognitionClass = new () => Recognition;

function recognitionClass(): RecognitionClass | null {
  const scope = window as Window & {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** The recognition error codes as failures; `no-speech` and `aborted` are not failures (listening restarts). */
export function speechFailureOf(code: string): SpeechFailure | null {
  switch (code) {
    case 'no-speech':
    case 'aborted':
      return null;
    case 'not-allowed':
    case 'service-not-allowed':
      return 'refused';
    case 'network':
      return 'network';
    case 'audio-capture':
      return 'no-microphone';
    case 'language-not-supported':
      return 'unsupported';
    default:
      return 'failed';
  }
}

export const browserSpeechSensor: SpeechSensor = {
  isSupported: () => recognitionClass() !== null,
  start(listening) {
    const Recognition = recognitionClass();
    if (!Recognition) throw new SensorError('unsupported');
    const recognition = new Recognition();
    recognition.lang = listening.lang;
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    let stopped = false;
    recognition.onresult = (event) => {
      for (let index = event.resultIndex; index < event.results.length; index++) {
        const result = event.results[index];
        const transcript = result?.isFinal ? result[0]?.transcript : undefined;
        if (transcript) listening.onFinal(transcript);
      }
    };
    recognition.onerror = (event) => {
      const failure = speechFailureOf(event.error);
      if (failure && !stopped) listening.onError(failure);
    };
    recognition.onstart = () => {
      if (!stopped) listening.onStart();
    };
    recognition.onend = () => {
      if (!stopped) listening.onEnd();
    };
    try {
      recognition.start();
    } catch (error) {
      throw new SensorError('failed', String(error));
    }
    return () => {
      stopped = true;
      recognition.onresult = null;
      recognition.onerror = null;
      recognition.onend = null;
      recognition.onstart = null;
      try {
        recognition.abort();
      } catch {
        // Already ended: nothing to stop.
      }
    };
  },
};
