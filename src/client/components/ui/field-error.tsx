import type { ReactNode } from 'react';

/** An inline validation message, announced to screen readers and tied to its field by `id`. */
export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-primary-text">
      {children}
    </p>
  );
}
