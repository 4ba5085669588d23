import { UserPlus } from 'lucide-react';
import type { EmergencyContact } from '#shared/schemas/profile';
import { SOS_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ContactRow } from './contact-row';

type ContactCallListProps = {
  contacts: EmergencyContact[] | undefined;
  /** Offers 'Add Contact' when the list is empty. */
  onAdd?: () => void;
};

/** The SOS page's contact list: each contact with a call button only (docs/PRODUCT.md#sos-page). */
export function ContactCallList({ contacts, onAdd }: ContactCallListProps) {
  if (contacts === undefined) {
    return (
      <div className="flex justify-center py-4" aria-busy>
        <Spinner className="text-muted-foreground" />
      </div>
    );
  }
  if (contacts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <p className="text-muted-foreground">{SOS_TEXTS.noContacts}</p>
        {onAdd ? (
          <Button variant="outline" onClick={onAdd}>
            <UserPlus aria-hidden />
            {SOS_TEXTS.addContact}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2">
      {contacts.map((contact) => (
        <ContactRow key={contact.id} contact={contact} />
      ))}
    </ul>
  );
}
