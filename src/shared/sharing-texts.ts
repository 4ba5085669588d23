/**
 * Words of the "Who has looked" list and "Stop all sharing" (loaded with that card, on demand).
 * docs/PRODUCT.md#who-has-looked-and-stop-all-sharing.
 */
import type { DeviceKind, SharingViewKind } from './schemas/sharing';

const DEVICE: Record<DeviceKind, string> = {
  phone: 'a phone',
  tablet: 'a tablet',
  computer: 'a computer',
  unknown: 'an unknown device',
};

const WHAT: Record<SharingViewKind, string> = {
  tracking_page: 'Tracking page',
  recording: 'Recording',
  responder_page: 'SOS answer page',
};

export const SHARING_TEXTS = {
  title: 'Who has looked',
  description:
    'Each time someone opens your tracking page, plays a recording or opens the answer page of an SOS text. We keep only the kind of device and the network it came from, for 30 days.',
  show: 'Show who has looked',
  hide: 'Hide',
  loading: 'Loading…',
  loadFailed: 'Could not load who has looked. Try again later.',
  none: 'Nobody has looked yet.',
  what: (kind: SharingViewKind) => WHAT[kind],
  /** "Maria (guardian) played a recording", "Mum (contact) opened the SOS answer page"; "A guardian …" unnamed. */
  named: (name: string, via: 'guardian' | 'contact', kind: SharingViewKind) => {
    const who = name ? `${name} (${via})` : via === 'guardian' ? 'A guardian' : 'A contact';
    const did = kind === 'recording' ? 'played a recording' : `opened the ${WHAT[kind].toLowerCase()}`;
    return `${who} ${did}`;
  },
  device: (kind: DeviceKind) => DEVICE[kind],
  network: (network: string) => `network ${network}`,
  views: (count: number) => (count === 1 ? '1 view' : `${count} views`),
  stopTitle: 'Stop all sharing',
  stopDescription:
    'Ends every tracking link and every SOS answer link at once. Your guardians still see your alerts and your location.',
  stopButton: 'Stop all sharing',
  confirmTitle: 'Stop all sharing now?',
  confirmDescription:
    'Everyone holding one of your tracking links or SOS answer links sees that it has ended. Links sent with an SOS that is still on keep working until you mark yourself safe. Your guardians still see your alerts and your location.',
  confirm: 'Stop sharing',
  cancel: 'Cancel',
  stopping: 'Stopping…',
  stopped: 'Sharing stopped',
  stoppedDetail: (links: number, answers: number) =>
    `${links === 1 ? '1 tracking link' : `${links} tracking links`} and ${
      answers === 1 ? '1 answer link' : `${answers} answer links`
    } ended.`,
} as const;
