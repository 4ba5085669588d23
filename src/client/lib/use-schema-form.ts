import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema a form can be built on: its input is the form's values, its output what the form submits. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type SchemaFormOptions<S extends FormSchema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>;

export type SchemaForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * The one way a form validates: react-hook-form with the shared zod schema (`#shared/schemas`), the same rules the
 * server applies, so the phone and the server cannot disagree about a field. `handleSubmit` hands the schema's
 * parsed output (trimmed, normalised) to the submit function, and only when every field passes; each field's
 * message (from the shared texts) is in `formState.errors`, shown under its field by `FormField`'s `error`,
 * which marks the control `aria-invalid` and describes it by the message. After a failed submit, a field is
 * checked again as it is edited (react-hook-form's default), so a message goes away once the field is right.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  options: SchemaFormOptions<S> = {},
): SchemaForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}
