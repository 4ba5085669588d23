/**
 * The "Test my safety network" screen (features/safety-network, loaded on demand): its own module so the first
 * download does not carry it. docs/PRODUCT.md#test-my-safety-network.
 */
import { DRILL, SAFETY_NETWORK } from './constants';
import type { AlertDeliveryStatus } from './schemas/alert';

export const DRILL_SCREEN_TEXTS = {
  title: 'Test my safety network',
  description:
    'Sends a clearly marked TEST alert to every emergency contact (by text) and every guardian (in Beacon). Nothing escalates and nobody is called.',
  loading: 'Checking who can be reached…',
  loadFailed: 'Could not check your safety network. Try again.',
  reachable: (count: number): string =>
    count === 1 ? '1 person can be reached.' : `${count} people can be reached.`,
  tooFew: (count: number): string =>
    `Only ${count} ${count === 1 ? 'person' : 'people'} can be reached. Add at least ${SAFETY_NETWORK.reachableAtLeast} emergency contacts or guardians so someone hears you.`,
  failingContact: (name: string, reason: string): string => `Texts to ${name} keep failing: ${reason}`,
  start: 'Send TEST alert',
  starting: 'Sending…',
  drillsLeft: (left: number): string =>
    left === 0
      ? `You have used your ${DRILL.perWindow} tests for today.`
      : `${left} of ${DRILL.perWindow} tests left today.`,
  running: 'TEST alert under way',
  ended: 'Test ended',
  endsAt: (time: string): string => `Ends by itself at ${time}.`,
  end: 'End test',
  ending: 'Ending…',
  endNote: 'Ending the test sends nobody another text.',
  contact: 'Contact',
  guardian: 'Guardian',
  noRecipients: 'Nobody was reached.',
  answered: 'Confirmed',
  notAnswered: 'Not confirmed yet',
  noPush: 'Sees it in Beacon (no notifications on)',
  status: (status: AlertDeliveryStatus | null, error: string | null): string => {
    switch (status) {
      case 'sent':
        return 'Sent';
      case 'kept_in_dev_outbox':
        return 'Kept in the dev outbox (not sent)';
      case 'failed':
        return error ? `Failed: ${error}` : 'Failed';
      case 'cancelled':
        return 'Not sent: the test ended';
      case 'pending':
      case 'sending':
        return 'Waiting to be sent';
      default:
        return 'Nothing sent';
    }
  },
  close: 'Close',
} as const;
