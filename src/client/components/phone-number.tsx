import { useEffect, useState } from 'react';

type Formatter = (phone: string) => string;

let formatter: Formatter | null = null;
let loading: Promise<Formatter> | null = null;

function loadFormatter(): Promise<Formatter> {
  loading ??= import('../lib/phone-display').then(({ formatPhoneForDisplay, regionOfLanguage }) => {
    const region = regionOfLanguage(navigator.language);
    formatter = (phone) => formatPhoneForDisplay(phone, region);
    return formatter;
  });
  return loading;
}

/**
 * A phone number as people read it ("(704) 555-0100", "+44 7400 123456"). Shown as stored until the formatting
 * code has loaded (once, on demand, so libphonenumber's metadata stays out of the first download), then formatted.
 */
export function PhoneNumber({ value }: { value: string }) {
  const [format, setFormat] = useState<Formatter | null>(() => formatter);
  useEffect(() => {
    if (format) return;
    let active = true;
    loadFormatter()
      .then((loaded) => {
        if (active) setFormat(() => loaded);
      })
      .catch(() => undefined); // Offline before the chunk was cached: the stored form is still correct.
    return () => {
      active = false;
    };
  }, [format]);
  return <>{format ? format(value) : value}</>;
}
