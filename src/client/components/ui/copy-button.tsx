import { Check, Copy } from 'lucide-react';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { Button, type ButtonProps } from './button';

type CopyButtonProps = Omit<ButtonProps, 'children' | 'onClick'> & {
  /** The accessible name, e.g. 'Copy invite code ABCD1234'. */
  label: string;
  copied: boolean;
  onCopy: () => void;
};

/** A copy button that reads 'Copied' for a moment after a successful copy, announced to screen readers. */
export function CopyButton({
  label,
  copied,
  onCopy,
  variant = 'outline',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  return (
    <Button
      variant={variant}
      size={size}
      // Holds the visible word (Copy / Copied) so voice control finds it (WCAG 2.5.3).
      aria-label={copied ? `${GUARDIAN_PAGE_TEXTS.copied}: ${label}` : label}
      onClick={onCopy}
      {...props}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-hidden>{copied ? GUARDIAN_PAGE_TEXTS.copied : GUARDIAN_PAGE_TEXTS.copy}</span>
      <span role="status" className="sr-only">
        {copied ? GUARDIAN_PAGE_TEXTS.copied : ''}
      </span>
    </Button>
  );
}
