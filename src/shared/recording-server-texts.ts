/**
 * What the server says about emergency recordings: its refusals and the push guardians get when a recording
 * starts during an alert or an escort. Only the server uses them (the phone shows the server's message), so the
 * client's first download does not carry them.
 */
import { RECORDING } from './constants';

const MIB = 1024 * 1024;

export const RECORDING_SERVER_TEXTS = {
  pieceTooLarge: `A recording piece can be at most ${RECORDING.maxChunkBytes / MIB} MB.`,
  recordingFull: `A recording can hold at most ${RECORDING.maxBytesPerRecording / MIB} MB; this piece was not stored.`,
  personFull: `You have ${RECORDING.maxBytesPerPerson / MIB / 1024} GB of recordings stored, the most Beacon keeps at once. Older recordings are deleted ${RECORDING.retentionHours} hours after they end.`,
  pieceConflict: 'A different piece with this number is already stored; stored pieces never change.',
  recordingSealed: 'This recording has ended and its pieces are signed; no piece can be added.',
  pieceBeyondEnd: 'This recording was finished with fewer pieces; no piece after its last can be added.',
  fewerThanStored: 'The recording already has more pieces than that.',
  finishedDifferently: 'This recording was already finished with another number of pieces.',
  notRaw: 'A recording piece is sent as raw bytes (application/octet-stream).',
  incomplete: 'The piece did not arrive whole; send it again.',
  lengthRequired: 'Content-Length is required: a recording piece is sent with its size.',
  playbackExpired: 'This playback link has expired. Open the recording again for a new one.',
  playbackInvalid: 'This playback link is not valid. Open the recording again for a new one.',
  pushTitle: (name: string): string => `${name} is recording`,
  pushBody: (name: string): string =>
    `${name} started an emergency recording. Open Beacon to watch it as it is uploaded.`,
} as const;
