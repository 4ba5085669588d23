import { useState } from 'react';
import {
  ProfileFormSchema,
  type Profile,
  type ProfileForm as ProfileFormValues,
} from '#shared/schemas/profile';
import { TOASTS } from '#shared/texts';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { SETTINGS_TEXTS } from '#shared/settings-texts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';

const TEXTS = SETTINGS_TEXTS.profile;

function toFormValues(profile: Profile | undefined): ProfileFormValues {
  return { fullName: profile?.full_name ?? '', email: profile?.email ?? '', phone: profile?.phone ?? '' };
}

type ProfileFormProps = { userId: string | undefined; profile: Profile | undefined };

/** Settings → Profile: Full Name, Email, optional Phone Number (docs/PRODUCT.md#profile-fields). */
export function ProfileForm({ userId, profile }: ProfileFormProps) {
  const update = useUpdateProfile(userId);
  const [saved, setSaved] = useState(false);
  // `values` keeps the form in step with the loaded profile.
  const form = useSchemaForm(ProfileFormSchema, { values: toFormValues(profile) });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await update.mutateAsync({
        full_name: values.fullName,
        email: values.email,
        phone: values.phone || null,
      });
      setSaved(true);
    } catch {
      // The mutation already showed the 'Error' toast; the form stays as typed so the person can fix it.
    }
  });

  const busy = update.isPending;
  return (
    <form noValidate onSubmit={submit} onChange={() => setSaved(false)} className="flex flex-col gap-4">
      <FormField label={TEXTS.fullName} error={errors.fullName?.message}>
        {(control) => (
          <Input {...control} autoComplete="name" disabled={busy} {...form.register('fullName')} />
        )}
      </FormField>
      <FormField label={TEXTS.email} error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" disabled={busy} {...form.register('email')} />
        )}
      </FormField>
      <FormField
        label={
          <>
            {TEXTS.phone} <span className="font-normal text-muted-foreground">{COMMON_TEXTS.optional}</span>
          </>
        }
        error={errors.phone?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={TEXTS.phonePlaceholder}
            disabled={busy}
            {...form.register('phone')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? TEXTS.updating : TEXTS.update}
      </Button>
      {saved ? (
        <p role="status" className="text-sm font-medium text-success">
          {TOASTS.profileUpdatedInline}
        </p>
      ) : null}
    </form>
  );
}
