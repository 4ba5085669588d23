/**
 * Why a sensor could not start: `refused` (the person or the browser's settings blocked it), `unsupported` (this
 * browser or device has no such thing), `failed` (anything else: the microphone is busy, the hardware errored).
 */
export type SensorFailure = 'refused' | 'unsupported' | 'failed';

export class SensorError extends Error {
  constructor(
    readonly reason: SensorFailure,
    message: string = reason,
  ) {
    super(message);
    this.name = 'SensorError';
  }
}

/** The browser's error of a getUserMedia or permission request, as a sensor failure. */
export function sensorFailureOf(error: unknown): SensorFailure {
  if (error instanceof SensorError) return error.reason;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'unsupported';
  return 'failed';
}
