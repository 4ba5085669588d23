import { LocateFixed, Save } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { LIVE_TRACKING, LOCATION_DIALOG } from '#shared/constants';
import { MEETING_DIALOG_TEXTS } from '#shared/meeting-dialog-texts';
import { MEETING_TEXTS } from '#shared/meeting-texts';
import { MEETING } from '#shared/schemas/meeting';
import { MeetingFormSchema, type MeetingFormValues } from '#shared/schemas/meeting-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { useDevice } from '../../../lib/device/device-context';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { saveMeeting } from '../stores/meeting-log';
import { clockTime, meetingEntryFrom } from '../utils/meeting-times';
import { resizePhoto } from '../utils/resize-photo';
import { PhotoPicker, type PhotoState } from './photo-picker';

const NO_PHOTO: PhotoState = { status: 'none' };

function blankForm(now: Date): MeetingFormValues {
  return { person: '', location: '', startTime: clockTime(now), endTime: '', notes: '' };
}

function newEntryId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

type MeetingFormProps = {
  userId: string;
  /** The clock, injected for tests. */
  now?: () => Date;
};

/**
 * The Who You're Meeting form (docs/PRODUCT.md#who-youre-meeting): every field optional, Start Time set to now.
 * The GPS button writes the phone's position into "Where are you?" as coordinates; without one it says so and
 * the person types the place. Saved on this phone only (stores/meeting-log.ts); nothing is sent.
 */
export function MeetingForm({ userId, now = () => new Date() }: MeetingFormProps) {
  const { geolocation } = useDevice();
  const form = useSchemaForm(MeetingFormSchema, { defaultValues: blankForm(now()) });
  const { errors } = form.formState;
  const [photo, setPhoto] = useState<PhotoState>(NO_PHOTO);
  const [locating, setLocating] = useState(false);
  // The newest photo choice wins over a slower resize of an earlier one.
  const photoChoice = useRef(0);

  const choosePhoto = (file: File): void => {
    const choice = ++photoChoice.current;
    setPhoto({ status: 'preparing' });
    resizePhoto(file)
      .then((dataUrl) => {
        if (choice === photoChoice.current) setPhoto({ status: 'ready', dataUrl });
      })
      .catch((error: unknown) => {
        console.warn('Could not read the meeting photo', error);
        if (choice !== photoChoice.current) return;
        setPhoto(NO_PHOTO);
        toast.error(MEETING_DIALOG_TEXTS.photoFailedTitle, { description: MEETING_DIALOG_TEXTS.photoFailed });
      });
  };

  const removePhoto = (): void => {
    photoChoice.current += 1;
    setPhoto(NO_PHOTO);
  };

  const locate = (): void => {
    setLocating(true);
    geolocation
      .getCurrentPosition({
        timeoutMs: LOCATION_DIALOG.firstFixTimeoutMs,
        highAccuracy: true,
        maximumAgeMs: LIVE_TRACKING.maximumAgeMs,
      })
      .then((position) => {
        form.setValue('location', formatCoordinates(position.latitude, position.longitude), {
          shouldDirty: true,
          shouldValidate: true,
        });
      })
      .catch(() => {
        toast.error(MEETING_TEXTS.locationError, { description: MEETING_TEXTS.locationErrorDescription });
      })
      .finally(() => setLocating(false));
  };

  const submit = form.handleSubmit((values) => {
    const at = now();
    const dataUrl = photo.status === 'ready' ? photo.dataUrl : null;
    const { photoLost } = saveMeeting(userId, meetingEntryFrom(values, dataUrl, at, newEntryId()));
    if (photoLost)
      toast.warning(MEETING_DIALOG_TEXTS.savedTitle, { description: MEETING_DIALOG_TEXTS.photoNotKept });
    else toast.success(MEETING_DIALOG_TEXTS.savedTitle, { description: MEETING_DIALOG_TEXTS.saved });
    form.reset(blankForm(at));
    removePhoto();
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label={MEETING_DIALOG_TEXTS.person} error={errors.person?.message}>
        {(control) => (
          <Input
            {...control}
            placeholder={MEETING_DIALOG_TEXTS.personPlaceholder}
            autoComplete="off"
            maxLength={MEETING.personMaxLength}
            {...form.register('person')}
          />
        )}
      </FormField>
      <PhotoPicker photo={photo} onFile={choosePhoto} onRemove={removePhoto} />
      <FormField label={MEETING_DIALOG_TEXTS.where} error={errors.location?.message}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              placeholder={MEETING_DIALOG_TEXTS.wherePlaceholder}
              autoComplete="off"
              maxLength={MEETING.locationMaxLength}
              {...form.register('location')}
            />
            <Button
              variant="outline"
              size="icon"
              className="shrink-0"
              onClick={locate}
              disabled={locating}
              aria-busy={locating || undefined}
              aria-label={locating ? MEETING_DIALOG_TEXTS.gettingGps : MEETING_DIALOG_TEXTS.useGps}
              title={MEETING_DIALOG_TEXTS.useGps}
            >
              {locating ? <Spinner /> : <LocateFixed aria-hidden />}
            </Button>
          </div>
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={MEETING_DIALOG_TEXTS.startTime} error={errors.startTime?.message}>
          {(control) => <Input {...control} type="time" {...form.register('startTime')} />}
        </FormField>
        <FormField label={MEETING_DIALOG_TEXTS.endTime} error={errors.endTime?.message}>
          {(control) => <Input {...control} type="time" {...form.register('endTime')} />}
        </FormField>
      </div>
      <FormField label={MEETING_DIALOG_TEXTS.notes} error={errors.notes?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            placeholder={MEETING_DIALOG_TEXTS.notesPlaceholder}
            maxLength={MEETING.notesMaxLength}
            {...form.register('notes')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={photo.status === 'preparing'}>
        <Save aria-hidden />
        {MEETING_DIALOG_TEXTS.save}
      </Button>
    </form>
  );
}
