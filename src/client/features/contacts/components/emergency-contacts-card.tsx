import { Plus, UsersRound, WifiOff } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { CONTACTS_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteContact } from '../api/delete-contact';
import { isOptimistic, useContacts } from '../api/get-contacts';
import { useContactDialog, type ContactDialogController } from '../hooks/use-contact-dialog';
import { LazyContactFormDialog } from './lazy-contact-form-dialog';
import { ContactRow } from './contact-row';

type EmergencyContactsCardProps = {
  userId: string | undefined;
  /** Show at most this many contacts (the host passes the free-tier limit when the person is not premium). */
  limit?: number;
  /** Lets the host open the dialog in add mode from outside; the card keeps its own state otherwise. */
  dialog?: ContactDialogController;
};

/**
 * The Emergency Contacts card (docs/PRODUCT.md#emergency-contacts): list, empty state, add/edit dialog,
 * optimistic saves.
 */
export function EmergencyContactsCard({ userId, limit, dialog }: EmergencyContactsCardProps) {
  const ownDialog = useContactDialog();
  const controller = dialog ?? ownDialog;
  const view = useContacts(userId);
  const remove = useDeleteContact(userId);
  const titleId = useId();
  const offline = view.source === 'offline';
  const contacts = view.contacts ?? [];
  const shown = limit === undefined ? contacts : contacts.slice(0, limit);

  return (
    <Card aria-labelledby={titleId} data-testid="emergency-contacts-card">
      <div className="flex items-start gap-3 p-5 pb-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-text">
          <UsersRound className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <CardTitle id={titleId}>{CONTACTS_TEXTS.title}</CardTitle>
          <CardDescription>{CONTACTS_TEXTS.description}</CardDescription>
        </div>
        <Button
          variant="outline"
          size="icon"
          onClick={controller.openAdd}
          disabled={offline}
          aria-label={CONTACTS_TEXTS.addButton}
        >
          <Plus aria-hidden />
        </Button>
      </div>
      <div className="flex flex-col gap-3 px-5 pb-5">
        {offline ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning"
          >
            <WifiOff className="size-4 shrink-0" aria-hidden />
            {CONTACTS_TEXTS.offlineCopy}
          </p>
        ) : null}
        <CardBody
          view={view}
          onAdd={controller.openAdd}
          list={
            <ul className="flex flex-col gap-2" aria-labelledby={titleId}>
              {shown.map((contact) => (
                <ContactRow
                  key={contact.id}
                  contact={contact}
                  editable={!offline && !isOptimistic(contact)}
                  onEdit={controller.openEdit}
                  onDelete={(target) => remove.mutate(target.id)}
                />
              ))}
            </ul>
          }
        />
        {shown.length < contacts.length ? (
          <p className="text-sm text-muted-foreground">
            {CONTACTS_TEXTS.limited(shown.length, contacts.length)}
          </p>
        ) : null}
      </div>
      <LazyContactFormDialog userId={userId} controller={controller} />
    </Card>
  );
}

function CardBody({
  view,
  onAdd,
  list,
}: {
  view: ReturnType<typeof useContacts>;
  onAdd: () => void;
  list: ReactNode;
}) {
  if (view.contacts === undefined) {
    if (view.isError) {
      return (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="text-sm text-muted-foreground">{CONTACTS_TEXTS.loadFailed}</p>
          <Button variant="outline" onClick={view.retry}>
            {CONTACTS_TEXTS.retry}
          </Button>
        </div>
      );
    }
    return (
      <div className="flex justify-center py-6" aria-busy>
        <Spinner className="text-muted-foreground" />
      </div>
    );
  }
  if (view.contacts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-6 text-center">
        <p className="text-muted-foreground">{CONTACTS_TEXTS.empty}</p>
        {view.source === 'offline' ? null : <Button onClick={onAdd}>{CONTACTS_TEXTS.addFirst}</Button>}
      </div>
    );
  }
  return list;
}
