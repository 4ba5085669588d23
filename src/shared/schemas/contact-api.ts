/**
 * Per-contact endpoints: GET/POST /api/contacts, PATCH/DELETE /api/contacts/:id. Request bodies are
 * `EmergencyContactInputSchema` and `EmergencyContactPatchSchema` (profile.ts).
 */
import { z } from 'zod';
import { EmergencyContactSchema } from './profile';
import { TextFailureSchema } from './text-failure';

/** A contact as GET /api/contacts lists it: with whether texts to their number keep failing (null when not). */
export const ListedContactSchema = EmergencyContactSchema.extend({
  text_failure: TextFailureSchema.nullable().default(null),
});
export type ListedContact = z.infer<typeof ListedContactSchema>;

export const ContactListResponseSchema = z.object({ contacts: z.array(ListedContactSchema) });
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

/**
 * A contact id (contacts keep the ids their first device gave them: a timestamp with a suffix, not a UUID).
 * Anything of another shape cannot be one and answers 404, like a contact that does not exist.
 */
export const ContactIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
