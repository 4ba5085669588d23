import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ProfileFormSchema,
  type Profile,
  type ProfileForm as ProfileFormValues,
} from '#shared/schemas/profile';
import { TOASTS } from '#shared/texts';
import { COMMON_TEXTS, SETTINGS_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
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
  const ids = { name: useId(), email: useId(), phone: useId(), saved: useId() };
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    // `values` keeps the form in step with the loaded profile.
    values: toFormValues(profile),
  });
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
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.name}>{TEXTS.fullName}</Label>
        <Input
          id={ids.name}
          autoComplete="name"
          aria-invalid={errors.fullName ? true : undefined}
          aria-describedby={errors.fullName ? `${ids.name}-error` : undefined}
          disabled={busy}
          {...form.register('fullName')}
        />
        <FieldError id={`${ids.name}-error`}>{errors.fullName?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.email}>{TEXTS.email}</Label>
        <Input
          id={ids.email}
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids.email}-error` : undefined}
          disabled={busy}
          {...form.register('email')}
        />
        <FieldError id={`${ids.email}-error`}>{errors.email?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.phone}>
          {TEXTS.phone} <span className="font-normal text-muted-foreground">{COMMON_TEXTS.optional}</span>
        </Label>
        <Input
          id={ids.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={TEXTS.phonePlaceholder}
          aria-invalid={errors.phone ? true : undefined}
          disabled={busy}
          {...form.register('phone')}
        />
        <FieldError>{errors.phone?.message}</FieldError>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? TEXTS.updating : TEXTS.update}
      </Button>
      {saved ? (
        <p id={ids.saved} role="status" className="text-sm font-medium text-success">
          {TOASTS.profileUpdatedInline}
        </p>
      ) : null}
    </form>
  );
}
