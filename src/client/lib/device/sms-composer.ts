/**
 * The device's own messaging app, reached through an `sms:` link (docs/PRODUCT.md#offline-sos). Behind an
 * adapter so tests can assert what would have been opened instead of navigating jsdom away.
 */
export type SmsComposerAdapter = {
  /**
   * True when this device probably has a messaging app that answers `sms:` links: phones and tablets (touch or a
   * mobile user agent) and Macs (Messages). A desktop browser elsewhere usually ignores the link, so we say so.
   */
  isAvailable(): boolean;
  /** Opens the composer. Throws when the browser refuses. */
  open(url: string): void;
};

const SMS_CAPABLE_AGENT = /Android|iPhone|iPad|iPod|Mobi|Macintosh/i;

/**
 * `sms:+15551234567,+15557654321?body=…`: every number, comma-separated, and the message URL-encoded. Numbers
 * keep only a leading + and digits so a stray space or bracket cannot break the link.
 */
export function buildSmsUrl(phoneNumbers: readonly string[], body: string): string {
  const recipients = phoneNumbers
    .map((phone) => phone.trim())
    .map((phone) => (phone.startsWith('+') ? '+' : '') + phone.replace(/\D/g, ''))
    .filter((phone) => phone.replace('+', '').length > 0)
    .join(',');
  return `sms:${recipients}?body=${encodeURIComponent(body)}`;
}

export const browserSmsComposer: SmsComposerAdapter = {
  isAvailable: () => navigator.maxTouchPoints > 0 || SMS_CAPABLE_AGENT.test(navigator.userAgent),
  open(url) {
    // Assigning location (not window.open) is what mobile browsers hand to the messaging app reliably.
    window.location.href = url;
  },
};
