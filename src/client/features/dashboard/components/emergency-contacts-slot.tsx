import type { ReactNode } from 'react';

/**
 * Where the Emergency Contacts card sits on the dashboard. The host (app/routes/dashboard.tsx) puts the card
 * from features/contacts inside; the `id` is what /contacts scrolls to.
 */
export function EmergencyContactsSlot({ children }: { children: ReactNode }) {
  return (
    <div id="emergency-contacts" data-slot="emergency-contacts" className="scroll-mt-20">
      {children}
    </div>
  );
}
