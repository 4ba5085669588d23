/** A `tel:` link the phone dialer opens: a leading + and digits only (spaces or brackets would break it). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
