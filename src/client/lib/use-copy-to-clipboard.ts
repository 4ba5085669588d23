import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from './toast';
import { COPY_FEEDBACK_MS } from '#shared/constants';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';

/**
 * Copies text to the clipboard. The copied state lasts COPY_FEEDBACK_MS (2 s); a refusal shows the 'Copy
 * Failed' toast (docs/PRODUCT.md#app-messages). `copiedKey` says which of several copy buttons was used.
 */
export function useCopyToClipboard(): {
  copiedKey: string | null;
  copy: (text: string, key: string) => Promise<void>;
} {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(async (text: string, key: string): Promise<void> => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error(GUARDIAN_PAGE_TEXTS.copyFailedTitle, { description: GUARDIAN_PAGE_TEXTS.copyFailed });
      return;
    }
    setCopiedKey(key);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setCopiedKey(null);
    }, COPY_FEEDBACK_MS);
  }, []);

  return { copiedKey, copy };
}
