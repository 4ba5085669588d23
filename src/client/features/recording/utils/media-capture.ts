import { RECORDING } from '#shared/constants';
import { RecordingMimeTypeSchema, type RecordingType } from '#shared/schemas/recording';

/** Every way of recording was refused: the person (or the browser's settings) said no to camera and microphone. */
export class CaptureRefused extends Error {}
/** Recording could not start for another reason: no recorder in this browser, no device, the device is busy. */
export class CaptureFailed extends Error {}

export type Capture = { stream: MediaStream; type: RecordingType; mimeType: string };

/**
 * Containers in order of preference. Chromium and Firefox record WebM; Safari records MP4 (the server stores
 * either as it came). The first the browser says it can record is used.
 */
const VIDEO_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

const AUDIO: MediaTrackConstraints = { sampleRate: RECORDING.audio.sampleRate };
const VIDEO: MediaTrackConstraints = {
  width: { ideal: RECORDING.video.width },
  height: { ideal: RECORDING.video.height },
  frameRate: { ideal: RECORDING.video.frameRate },
};

function isRefusal(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
}

export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** The container to ask for, or '' to let the browser choose (its choice is read back from the recorder). */
export function chooseMimeType(type: RecordingType): string {
  const candidates = type === 'video' ? VIDEO_TYPES : AUDIO_TYPES;
  return candidates.find((candidate) => MediaRecorder.isTypeSupported(candidate)) ?? '';
}

/**
 * The recorder's container as the server accepts it: what the recorder reports when valid, else what was asked
 * for, else the plain container of the browser family.
 */
export function serverMimeType(type: RecordingType, reported: string, asked: string): string {
  for (const candidate of [reported, asked]) {
    if (candidate && RecordingMimeTypeSchema.safeParse(candidate).success) return candidate;
  }
  return `${type}/webm`;
}

/**
 * Camera and microphone at the recording's quality; sound only when there is no camera or it was refused but the
 * microphone was not. Throws CaptureRefused when both were refused, CaptureFailed otherwise.
 */
export async function openCapture(): Promise<Capture> {
  if (!canRecord()) throw new CaptureFailed('No MediaRecorder or getUserMedia');
  const media = navigator.mediaDevices;
  let stream: MediaStream;
  let type: RecordingType = 'video';
  try {
    stream = await media.getUserMedia({ video: VIDEO, audio: AUDIO });
  } catch {
    // No camera, the camera refused or busy: sound alone is still evidence.
    type = 'audio';
    try {
      stream = await media.getUserMedia({ audio: AUDIO });
    } catch (error) {
      throw isRefusal(error) ? new CaptureRefused('Refused') : new CaptureFailed(String(error));
    }
  }
  return { stream, type, mimeType: chooseMimeType(type) };
}

/** The recorder at the recording's bit rates, handing over a piece every RECORDING.chunkMs once started. */
export function createRecorder(capture: Capture): MediaRecorder {
  const options: MediaRecorderOptions = { audioBitsPerSecond: RECORDING.audio.bitsPerSecond };
  if (capture.mimeType) options.mimeType = capture.mimeType;
  if (capture.type === 'video') options.videoBitsPerSecond = RECORDING.video.bitsPerSecond;
  return new MediaRecorder(capture.stream, options);
}

export function stopCapture(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
