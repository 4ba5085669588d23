/**
 * The account this tab has just deleted, until the confirmation screen has shown. Whatever ends the session in the
 * meantime (a request refused once the account is gone, the realtime socket closed for the ended session), a
 * signed-out screen then sends the person to the confirmation rather than to the sign-in card
 * (app/components/require-session.tsx), and the confirmation knows whose data to forget on this device
 * (app/routes/account-deleted.tsx). Kept in memory: a reload is a new visit.
 */
let deletedHere: { userId: string } | null = null;

export function noteAccountDeletedHere(userId: string): void {
  deletedHere = { userId };
}

export function accountDeletedHere(): { userId: string } | null {
  return deletedHere;
}

/** Called by the confirmation screen once it has shown and ended the session. */
export function forgetAccountDeletedHere(): void {
  deletedHere = null;
}
