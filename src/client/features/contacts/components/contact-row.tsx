import { MessageSquareWarning, Pencil, Phone, Trash2 } from 'lucide-react';
import type { EmergencyContact } from '#shared/schemas/profile';
import type { TextFailure } from '#shared/schemas/text-failure';
import { CONTACTS_TEXTS } from '#shared/ui-texts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { telHref } from '../utils/tel-href';
import { PhoneNumber } from '../../../components/phone-number';
import { formatDayTime } from '../../../lib/time-format';

/** A contact as the list holds it: GET /api/contacts adds whether texts to their number keep failing. */
type ListedContact = EmergencyContact & { text_failure?: TextFailure | null };

type ContactRowProps = {
  contact: ListedContact;
  /** Omitted on read-only lists (the SOS page), where only the call button shows. */
  onEdit?: (contact: EmergencyContact) => void;
  onDelete?: (contact: EmergencyContact) => void;
  /** Edit and delete wait while the contact is still being saved or the device is offline. */
  editable?: boolean;
};

/** One contact: name, phone, relationship, and call / edit / delete buttons named after the contact. */
export function ContactRow({ contact, onEdit, onDelete, editable = true }: ContactRowProps) {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-3" data-testid="contact-row">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-semibold">{contact.name}</span>
          <Badge tone="neutral">{contact.relationship}</Badge>
        </div>
        <span className="truncate text-sm text-muted-foreground tabular-nums">
          <PhoneNumber value={contact.phone} />
        </span>
        {contact.text_failure ? (
          <p
            className="flex items-start gap-1.5 text-sm text-primary-text"
            data-testid="contact-texts-failing"
          >
            <MessageSquareWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {CONTACTS_TEXTS.textsFailing(
                contact.text_failure.failed_in_a_row,
                contact.text_failure.reason,
                formatDayTime(contact.text_failure.failed_at),
              )}
            </span>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button asChild variant="ghost" size="icon">
          <a href={telHref(contact.phone)} aria-label={CONTACTS_TEXTS.call(contact.name)}>
            <Phone className="text-success" aria-hidden />
          </a>
        </Button>
        {onEdit ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onEdit(contact)}
            disabled={!editable}
            aria-label={CONTACTS_TEXTS.edit(contact.name)}
          >
            <Pencil aria-hidden />
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onDelete(contact)}
            disabled={!editable}
            aria-label={CONTACTS_TEXTS.delete(contact.name)}
          >
            <Trash2 className="text-primary-text" aria-hidden />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
