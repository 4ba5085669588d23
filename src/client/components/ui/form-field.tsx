import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldError } from './field-error';
import { Label } from './label';

/** What the field's control must carry so its label, hint and error are read with it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  /** Beside the label, e.g. the 'Forgot password?' link. */
  labelAction?: ReactNode;
  /** A standing explanation under the control. */
  hint?: ReactNode;
  /** The field's validation message; the control is marked invalid while there is one. */
  error?: string | null;
  className?: string;
  /** Renders the control (Input, SelectTrigger, …) with the wiring spread onto it. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * One labelled form field: the label points at the control, the control is described by its error (first) and
 * its hint, and is aria-invalid while the error shows.
 */
export function FormField({ label, labelAction, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {labelAction ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAction}
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
