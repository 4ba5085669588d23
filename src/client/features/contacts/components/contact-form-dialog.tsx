import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RELATIONSHIP_CHOICES } from '#shared/constants';
import { EmergencyContactInputSchema, type EmergencyContact } from '#shared/schemas/profile';
import { CONTACTS_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useCreateContact } from '../api/create-contact';
import { useUpdateContact } from '../api/update-contact';
import type { ContactDialogController } from '../hooks/use-contact-dialog';

type FormInput = z.input<typeof EmergencyContactInputSchema>;
type FormOutput = z.output<typeof EmergencyContactInputSchema>;

const DEFAULT_RELATIONSHIP: (typeof RELATIONSHIP_CHOICES)[number] = 'Emergency Contact';

type ContactFormDialogProps = {
  userId: string | undefined;
  controller: ContactDialogController;
};

/**
 * Add/edit dialog (docs/PRODUCT.md#emergency-contacts): Name, Phone Number, Relationship; Cancel and
 * Add Contact / Update Contact.
 * Closes on save success or Cancel; stays open (with what was typed) when the save fails.
 */
export function ContactFormDialog({ userId, controller }: ContactFormDialogProps) {
  const { state } = controller;
  const editing = state.mode === 'edit' ? state.contact : null;
  return (
    <Dialog open={state.mode !== 'closed'} onOpenChange={(open) => (open ? undefined : controller.close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? CONTACTS_TEXTS.editTitle : CONTACTS_TEXTS.addTitle}</DialogTitle>
          <DialogDescription>{CONTACTS_TEXTS.dialogDescription}</DialogDescription>
        </DialogHeader>
        {/* Keyed so every opening starts from a fresh form (prefilled when editing). */}
        <ContactForm key={editing?.id ?? 'new'} userId={userId} contact={editing} onDone={controller.close} />
      </DialogContent>
    </Dialog>
  );
}

function toFormValues(contact: EmergencyContact | null): FormInput {
  if (!contact) return { name: '', phone: '', relationship: DEFAULT_RELATIONSHIP };
  return { name: contact.name, phone: contact.phone, relationship: contact.relationship };
}

/** A stored relationship outside the nine choices (older data) still shows as a choice instead of vanishing. */
function relationshipOptions(current: string | undefined): string[] {
  const choices: string[] = [...RELATIONSHIP_CHOICES];
  return current && !choices.includes(current) ? [...choices, current] : choices;
}

function ContactForm({
  userId,
  contact,
  onDone,
}: {
  userId: string | undefined;
  contact: EmergencyContact | null;
  onDone: () => void;
}) {
  const create = useCreateContact(userId);
  const update = useUpdateContact(userId);
  const ids = { name: useId(), phone: useId(), phoneHint: useId(), relationship: useId() };
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(EmergencyContactInputSchema),
    defaultValues: toFormValues(contact),
  });
  const { errors } = form.formState;
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (contact) await update.mutateAsync({ id: contact.id, patch: values });
      else await create.mutateAsync(values);
      onDone();
    } catch {
      // The mutation restored the list and showed 'Error'; the dialog stays open so nothing typed is lost.
    }
  });

  const errorId = (id: string): string => `${id}-error`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col">
      <DialogBody className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.name}>{CONTACTS_TEXTS.name}</Label>
          <Input
            id={ids.name}
            autoComplete="off"
            placeholder={CONTACTS_TEXTS.namePlaceholder}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? errorId(ids.name) : undefined}
            {...form.register('name')}
          />
          <FieldError id={errorId(ids.name)}>{errors.name?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.phone}>{CONTACTS_TEXTS.phone}</Label>
          <Input
            id={ids.phone}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={CONTACTS_TEXTS.phonePlaceholder}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? `${errorId(ids.phone)} ${ids.phoneHint}` : ids.phoneHint}
            {...form.register('phone')}
          />
          <p id={ids.phoneHint} className="text-sm text-muted-foreground">
            {CONTACTS_TEXTS.phoneHint}
          </p>
          <FieldError id={errorId(ids.phone)}>{errors.phone?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.relationship}>{CONTACTS_TEXTS.relationship}</Label>
          <Controller
            control={form.control}
            name="relationship"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id={ids.relationship}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-invalid={errors.relationship ? true : undefined}
                  aria-describedby={errors.relationship ? errorId(ids.relationship) : undefined}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {relationshipOptions(field.value).map((choice) => (
                    <SelectItem key={choice} value={choice}>
                      {choice}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError id={errorId(ids.relationship)}>{errors.relationship?.message}</FieldError>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {CONTACTS_TEXTS.cancel}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? CONTACTS_TEXTS.saving : contact ? CONTACTS_TEXTS.submitEdit : CONTACTS_TEXTS.submitAdd}
        </Button>
      </DialogFooter>
    </form>
  );
}
