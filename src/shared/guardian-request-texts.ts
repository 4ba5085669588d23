/**
 * Texts of guardian requests that server and client share: the server's refusals and notifications, the Guardian
 * Linking page's request lists. Their own module, so the first download, which imports texts.ts, does not carry
 * them (README, "Bundle budget").
 */
/** Guardian linking (docs/PRODUCT.md#guardians): code errors are in ERRORS/VALIDATION; these are the rest. */
export const GUARDIAN_TEXTS = {
  ownInviteCode: 'You cannot redeem your own invite code. Share it with the person you want to watch over.',
  relationshipExists:
    'You are already linked with this guardian, or your request is waiting for their answer.',
  onlyGuardianDecides: 'Only the guardian can approve or reject this request.',
  requestAlreadyAnswered: 'This request has already been answered.',
  newRequestTitle: 'New guardian request',
  /** The guardian's view of a pending request (docs/PRODUCT.md#guardians). */
  wantsYouAsGuardian: 'Wants you as guardian',
  /** The ward's view of a pending request (docs/PRODUCT.md#guardians). */
  wantsToBeYourGuardian: 'Wants to be your guardian',
  requestApprovedTitle: 'Guardian request approved',
  requestApproved: (guardianName: string): string =>
    `${guardianName || 'Your guardian'} is now your guardian.`,
  requestReceived: (wardName: string): string => `${wardName || 'Someone'} wants you as guardian.`,
} as const;
