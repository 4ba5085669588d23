import { Controller } from 'react-hook-form';
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
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateContact } from '../api/create-contact';
import { useUpdateContact } from '../api/update-contact';
import type { ContactDialogController } from '../hooks/use-contact-dialog';

type FormInput = z.input<typeof EmergencyContactInputSchema>;

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
  const form = useSchemaForm(EmergencyContactInputSchema, { defaultValues: toFormValues(contact) });
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

  return (
    <form noValidate onSubmit={submit} className="flex flex-col">
      <DialogBody className="flex flex-col gap-4">
        <FormField label={CONTACTS_TEXTS.name} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              placeholder={CONTACTS_TEXTS.namePlaceholder}
              {...form.register('name')}
            />
          )}
        </FormField>
        <FormField label={CONTACTS_TEXTS.phone} hint={CONTACTS_TEXTS.phoneHint} error={errors.phone?.message}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={CONTACTS_TEXTS.phonePlaceholder}
              {...form.register('phone')}
            />
          )}
        </FormField>
        <FormField label={CONTACTS_TEXTS.relationship} error={errors.relationship?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="relationship"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
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
          )}
        </FormField>
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
