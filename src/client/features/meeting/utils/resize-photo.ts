import { meetingPhotoIssue } from '#shared/meeting-photo';
import { MEETING } from '#shared/schemas/meeting';

/** JPEG qualities tried in turn until the photo fits MEETING.photoMaxBytes. */
const QUALITIES = [0.85, 0.75, 0.6, 0.45] as const;
/** When even the lowest quality is too large, the picture is made this much smaller and tried again. */
const SHRINK = 0.75;
const DATA_URL_HEADER = 'data:image/jpeg;base64,';

/** The bytes a base64 data URL holds. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length * 3) / 4 - padding;
}

async function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    // The browser turns the picture as its camera said (EXIF orientation) when it decodes it.
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The photo as the log keeps it and an alert sends it: a JPEG data URL whose longest side is at most
 * MEETING.photoMaxSide px and whose bytes are at most MEETING.photoMaxBytes, made on the phone with a canvas (a
 * camera's 4 MB picture becomes ~100 KB), and that passes the server's check of a meeting photo. Rejects when the
 * file is not an image the browser can read.
 */
export async function resizePhoto(file: Blob): Promise<string> {
  const image = await loadImage(file);
  const longest = Math.max(image.naturalWidth, image.naturalHeight);
  if (longest === 0) throw new Error('The image is empty');
  let scale = Math.min(1, MEETING.photoMaxSide / longest);
  const canvas = document.createElement('canvas');
  for (;;) {
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    // JPEG has no transparency: a transparent PNG goes on white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const dataUrl = canvas.toDataURL('image/jpeg', quality);
      if (!dataUrl.startsWith(DATA_URL_HEADER)) throw new Error('The browser cannot write JPEG');
      if (dataUrlBytes(dataUrl) > MEETING.photoMaxBytes) continue;
      // The server's own check of a meeting photo: a photo it would refuse would make it refuse the alert.
      const issue = meetingPhotoIssue(dataUrl);
      if (issue) throw new Error(issue);
      return dataUrl;
    }
    scale *= SHRINK;
  }
}
