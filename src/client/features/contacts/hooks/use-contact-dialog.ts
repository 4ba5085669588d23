import { useCallback, useMemo, useState } from 'react';
import type { EmergencyContact } from '#shared/schemas/profile';

/**
 * The contact dialog (docs/PRODUCT.md#emergency-contacts): closed, open for add, or open for edit with the
 * form prefilled.
 */
export type ContactDialogState =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; contact: EmergencyContact };

export type ContactDialogController = {
  state: ContactDialogState;
  openAdd: () => void;
  openEdit: (contact: EmergencyContact) => void;
  close: () => void;
};

/**
 * The dialog's state, lifted so a host can open the card "in add mode from outside" (e.g. after an SOS without
 * contacts) by holding the controller and passing it to the card.
 */
export function useContactDialog(): ContactDialogController {
  const [state, setState] = useState<ContactDialogState>({ mode: 'closed' });
  const openAdd = useCallback(() => setState({ mode: 'add' }), []);
  const openEdit = useCallback((contact: EmergencyContact) => setState({ mode: 'edit', contact }), []);
  const close = useCallback(() => setState({ mode: 'closed' }), []);
  return useMemo(() => ({ state, openAdd, openEdit, close }), [state, openAdd, openEdit, close]);
}
