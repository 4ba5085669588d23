/**
 * News of a recording on this instance: a piece was stored, or it was sealed or deleted. A media stream waits for
 * it or for its next poll of the database (the only way to hear of pieces another instance stored), whichever
 * comes first.
 */
export type PieceSignal = {
  notify(recordingId: string): void;
  /** Resolves at the next news of the recording, after `ms`, or when `abort` fires. */
  wait(recordingId: string, ms: number, abort: AbortSignal): Promise<void>;
};

export function createPieceSignal(): PieceSignal {
  const waiting = new Map<string, Set<() => void>>();
  return {
    notify(recordingId) {
      const wakers = waiting.get(recordingId);
      waiting.delete(recordingId);
      for (const wake of wakers ?? []) wake();
    },
    wait(recordingId, ms, abort) {
      return new Promise((resolve) => {
        if (abort.aborted) {
          resolve();
          return;
        }
        const done = (): void => {
          clearTimeout(timer);
          abort.removeEventListener('abort', done);
          const wakers = waiting.get(recordingId);
          wakers?.delete(done);
          if (wakers?.size === 0) waiting.delete(recordingId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        abort.addEventListener('abort', done, { once: true });
        const wakers = waiting.get(recordingId) ?? new Set();
        wakers.add(done);
        waiting.set(recordingId, wakers);
      });
    },
  };
}
