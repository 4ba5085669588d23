/**
 * Client texts of the Guardian Linking page (docs/PRODUCT.md#guardians): invite codes, requests, share links and
 * share links. Fixed wordings ('Send Request', 'Copy Failed', ...) must not change. Their own module so
 * they download with that page, not with the first screen (README, "Bundle budget"); the guardian's watch
 * screen and the alert banners use guardian-ui-texts.ts.
 */
import { INVITE_CODE, SHARE_LINK_TTL_HOURS } from './constants';
export const GUARDIAN_PAGE_TEXTS = {
  title: 'Guardian Linking',
  description: 'Link with the people who watch over you, and with those you watch over.',
  back: 'Back to Home',

  redeemTitle: 'Enter Invite Code',
  redeemDescription:
    'Got a code from someone who wants to be your guardian? Enter it to send them a request.',
  codeLabel: 'Invite code',
  codePlaceholder: 'ABCD1234',
  sendRequest: 'Send Request',
  sending: 'Sending...',
  requestSentTitle: 'Request sent',
  requestSent: (guardianName: string): string =>
    `${guardianName || 'Your guardian'} becomes your guardian once they approve your request.`,

  codesTitle: 'Invite Codes',
  codesDescription: `Give a code to the person you want to watch over. Each code works once and expires after ${INVITE_CODE.ttlHours} hours.`,
  generateCode: 'Generate Invite Code',
  generating: 'Generating...',
  codesListLabel: 'Your unused invite codes',
  noCodes: 'No unused invite codes.',
  expiresIn: (remaining: string): string => `Expires in ${remaining}`,
  expired: 'Expired',
  copyCode: (code: string): string => `Copy invite code ${code}`,
  codeItemLabel: (code: string): string => `Invite code ${code}`,

  copy: 'Copy',
  copied: 'Copied',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Your browser did not allow copying. Select the text and copy it by hand.',

  shareTitle: 'Share Live Location',
  shareDescription: `Anyone with the link sees your live location, without signing in, for ${SHARE_LINK_TTL_HOURS} hours or until you revoke it.`,
  generateShareLink: 'Generate Share Link',
  shareLinkLabel: 'Share link',
  copyShareLink: 'Copy share link',
  shareExpires: (time: string): string => `Expires ${time}`,
  /** A link made for the person's SOS texts, listed with theirs so it can be revoked. */
  sentWithAlert: 'Sent with your SOS texts: shows your position only while that SOS is active.',
  activeLinksTitle: 'Active share links',
  noActiveLinks: 'No active share links.',
  revoke: 'Revoke',
  revokeLink: (expires: string): string => `Revoke the share link that expires ${expires}`,
  revokedTitle: 'Share link revoked',
  revoked: 'Nobody can follow you with that link any more.',
  sharingOffNote:
    'Location sharing is off, so your links show no position. Turn on Share Location in Settings › Privacy & Security.',

  pendingTitle: 'Pending Requests',
  noPending: 'No pending requests.',
  approve: 'Approve',
  reject: 'Reject',
  approveRequest: (name: string): string => `Approve ${name}`,
  rejectRequest: (name: string): string => `Reject ${name}`,
  approvedTitle: 'Request approved',
  approved: (wardName: string): string => `You are now ${wardName ? `${wardName}'s` : 'their'} guardian.`,
  rejectedTitle: 'Request rejected',
  awaitingAnswer: 'Waiting for their answer',
  cancelRequest: (name: string): string => `Cancel request to ${name}`,

  guardiansTitle: 'Connected Guardians',
  noGuardians: 'No guardians yet. Ask someone you trust for an invite code.',
  endLink: 'End link',
  endLinkWith: (name: string): string => `End link with ${name}`,
  endConfirmTitle: 'End this link?',
  endConfirmAsWard: (name: string): string =>
    `${name || 'This guardian'} will no longer see your location or your alerts.`,
  endConfirmAsGuardian: (name: string): string =>
    `You will no longer see the location or the alerts of ${name || 'this person'}.`,
  endConfirm: 'End Link',
  ending: 'Ending...',
  endedTitle: 'Link ended',

  wardsTitle: 'People I Guard',
  noWards: 'You are not watching over anyone yet. Generate an invite code and give it to them.',
  openGuardianView: 'Open Guardian View',
  /** Starts with the visible text, so a voice user can say what they see (WCAG 2.5.3). */
  watchWard: (name: string): string => `Open Guardian View for ${name}`,
  unknownName: 'Unnamed',
} as const;
