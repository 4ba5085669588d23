/**
 * Per-contact endpoints: GET/POST /api/contacts, PATCH/DELETE /api/contacts/:id. Request bodies are
 * `EmergencyContactInputSchema` and `EmergencyContactPatchSchema` (profile.ts).
 */
import { z } from 'zod';
import { EmergencyContactSchema } from './profile';

export const ContactListResponseSchema = z.object({ contacts: z.array(EmergencyContactSchema) });
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

/** Any string: an id that is not one of the caller's contacts answers 404, whatever its shape. */
export const ContactIdParamsSchema = z.object({ id: z.string() });
