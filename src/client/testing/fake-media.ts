import { vi } from 'vitest';

/** What the fake browser answers when asked for a camera or a microphone. */
export type FakeMediaAnswer = 'granted' | 'denied' | 'missing';

export type FakeMediaOptions = {
  camera?: FakeMediaAnswer;
  microphone?: FakeMediaAnswer;
  /** Whether the browser has the Screen Wake Lock API (default true). */
  wakeLock?: boolean;
  /** Containers the fake MediaRecorder says it can record (default: Chromium's WebM). */
  supportedTypes?: string[];
};

class FakeTrack {
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop(): void {
    this.stopped = true;
  }
}

export class FakeMediaStream {
  readonly tracks: FakeTrack[];
  constructor(kinds: Array<'audio' | 'video'>) {
    this.tracks = kinds.map((kind) => new FakeTrack(kind));
  }
  getTracks(): FakeTrack[] {
    return this.tracks;
  }
}

/** A MediaRecorder the test drives: `emitPiece` hands over a piece as the browser would every timeslice. */
export class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static supportedTypes: string[] = [];
  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.supportedTypes.includes(type);
  }

  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | null = null;
  readonly mimeType: string;
  /** Bytes handed over with `stop()` (the recorder's last piece), if any. */
  lastPiece: Uint8Array<ArrayBuffer> | null = null;

  constructor(
    readonly stream: FakeMediaStream,
    readonly options: MediaRecorderOptions = {},
  ) {
    super();
    this.mimeType = options.mimeType ?? 'video/webm';
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number): void {
    this.state = 'recording';
    this.timeslice = timeslice ?? null;
  }

  stop(): void {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    // As in browsers: the last piece, then `stop`, after the call returns.
    queueMicrotask(() => {
      if (this.lastPiece) this.emitPiece(this.lastPiece);
      this.dispatchEvent(new Event('stop'));
    });
  }

  emitPiece(bytes: Uint8Array<ArrayBuffer> | string): void {
    const data = new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes]);
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
  }
}

export type FakeMedia = {
  /** Every getUserMedia request, in order. */
  requests: MediaStreamConstraints[];
  recorders: FakeMediaRecorder[];
  /** The newest recorder (throws when none). */
  recorder(): FakeMediaRecorder;
  wakeLocks: Array<{ released: boolean; release(): Promise<void> }>;
};

const installed: string[] = [];

function define(name: string, value: unknown): void {
  Object.defineProperty(navigator, name, { configurable: true, value });
  installed.push(name);
}

function domError(name: string): Error {
  return Object.assign(new Error(name), { name });
}

/** Installs a fake camera, microphone, MediaRecorder and wake lock for one test; `uninstallFakeMedia` undoes it. */
export function installFakeMedia(options: FakeMediaOptions = {}): FakeMedia {
  const { camera = 'granted', microphone = 'granted', wakeLock = true } = options;
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.supportedTypes = options.supportedTypes ?? [
    'video/webm;codecs=vp8,opus',
    'video/webm',
    'audio/webm;codecs=opus',
    'audio/webm',
  ];
  const media: FakeMedia = {
    requests: [],
    recorders: FakeMediaRecorder.instances,
    recorder() {
      const latest = FakeMediaRecorder.instances.at(-1);
      if (!latest) throw new Error('No MediaRecorder was created');
      return latest;
    },
    wakeLocks: [],
  };
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  define('mediaDevices', {
    async getUserMedia(constraints: MediaStreamConstraints) {
      media.requests.push(constraints);
      const answers = [constraints.video ? camera : 'granted', constraints.audio ? microphone : 'granted'];
      if (answers.includes('denied')) throw domError('NotAllowedError');
      if (answers.includes('missing')) throw domError('NotFoundError');
      return new FakeMediaStream([
        ...(constraints.video ? (['video'] as const) : []),
        ...(constraints.audio ? (['audio'] as const) : []),
      ]);
    },
  });
  if (wakeLock) {
    define('wakeLock', {
      async request() {
        const listeners: Array<() => void> = [];
        const lock = {
          released: false,
          async release() {
            lock.released = true;
            for (const listener of listeners) listener();
          },
          addEventListener(_type: string, listener: () => void) {
            listeners.push(listener);
          },
        };
        media.wakeLocks.push(lock);
        return lock;
      },
    });
  }
  return media;
}

export function uninstallFakeMedia(): void {
  for (const name of installed.splice(0)) Reflect.deleteProperty(navigator, name);
}
