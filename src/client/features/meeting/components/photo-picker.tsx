import { Camera, ImagePlus, X } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { MEETING_DIALOG_TEXTS } from '#shared/meeting-dialog-texts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** The photo while it is chosen: none, being resized on the phone, or ready (a JPEG data URL). */
export type PhotoState = { status: 'none' } | { status: 'preparing' } | { status: 'ready'; dataUrl: string };

type PhotoPickerProps = {
  photo: PhotoState;
  onFile: (file: File) => void;
  onRemove: () => void;
};

/**
 * Photo: Take Photo opens the camera (`capture`), From Gallery the phone's pictures; image files only. A
 * desktop browser opens its file picker for both. The chosen picture shows as a preview with a way to remove it.
 */
export function PhotoPicker({ photo, onFile, onRemove }: PhotoPickerProps) {
  const legendId = useId();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    // Emptied, so choosing the same file again is a change too.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
      <span id={legendId} className="text-sm leading-none font-medium">
        {MEETING_DIALOG_TEXTS.photo}
      </span>
      {photo.status === 'ready' ? (
        <div className="flex items-center gap-3">
          <img
            src={photo.dataUrl}
            alt={MEETING_DIALOG_TEXTS.photoPreview}
            data-testid="meeting-photo-preview"
            className="size-20 rounded-lg border object-cover"
          />
          <Button variant="outline" size="sm" onClick={onRemove}>
            <X aria-hidden />
            {MEETING_DIALOG_TEXTS.removePhoto}
          </Button>
        </div>
      ) : null}
      {photo.status === 'preparing' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {MEETING_DIALOG_TEXTS.preparingPhoto}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          disabled={photo.status === 'preparing'}
          onClick={() => camera.current?.click()}
        >
          <Camera aria-hidden />
          {MEETING_DIALOG_TEXTS.takePhoto}
        </Button>
        <Button
          variant="outline"
          disabled={photo.status === 'preparing'}
          onClick={() => gallery.current?.click()}
        >
          <ImagePlus aria-hidden />
          {MEETING_DIALOG_TEXTS.choosePhoto}
        </Button>
      </div>
      {/* Opened by the buttons above; out of the tab order and hidden from screen readers, which use the buttons. */}
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        data-testid="meeting-photo-camera"
        onChange={picked}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        data-testid="meeting-photo-gallery"
        onChange={picked}
      />
    </fieldset>
  );
}
