import { UsersRound } from 'lucide-react';
import { CONTACTS_SLOT_TEXTS } from '#shared/ui-texts';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';

/**
 * Where the Emergency Contacts card goes. The card itself (list, add/edit dialog, 2-contact free limit) is built
 * by the next issue, which replaces this slot's body; the dashboard layout and its `id` stay.
 */
export function EmergencyContactsSlot() {
  return (
    <Card id="emergency-contacts" aria-labelledby="emergency-contacts-title" data-slot="emergency-contacts">
      <div className="flex items-center gap-3 p-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-text">
          <UsersRound className="size-5" aria-hidden />
        </span>
        <div className="flex flex-col gap-1">
          <CardTitle id="emergency-contacts-title">{CONTACTS_SLOT_TEXTS.title}</CardTitle>
          <CardDescription>{CONTACTS_SLOT_TEXTS.description}</CardDescription>
        </div>
      </div>
    </Card>
  );
}
