import type { z } from 'zod';
import { MAX_EMERGENCY_CONTACTS } from '#shared/constants';
import { normalisePhoneNumber } from '#shared/phone';
import type { ContactListResponse } from '#shared/schemas/contact-api';
import type {
  EmergencyContact,
  EmergencyContactInputSchema,
  EmergencyContactPatchSchema,
} from '#shared/schemas/profile';
import { ERRORS } from '#shared/texts';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/access';
import { countNewContactNumbers } from './new-number-cap';
import type { TextFailuresPort } from './ports';
import * as repo from './repository';

export type ContactInput = z.output<typeof EmergencyContactInputSchema>;
export type ContactPatch = z.output<typeof EmergencyContactPatchSchema>;

export type ContactService = {
  list(auth: AuthContext): Promise<ContactListResponse>;
  add(auth: AuthContext, input: ContactInput): Promise<EmergencyContact>;
  /** 404 unless the contact is the caller's own. */
  update(auth: AuthContext, contactId: string, patch: ContactPatch): Promise<EmergencyContact>;
  remove(auth: AuthContext, contactId: string): Promise<void>;
};

export function createContactService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  textFailures: TextFailuresPort;
}): ContactService {
  const notFound = (): AppError => new AppError('not_found', ERRORS.notFound);
  return {
    async list(auth) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const contacts = await repo.listContacts(deps.db, ownerId);
      const failures = await deps.textFailures.textFailures(
        deps.db,
        ownerId,
        contacts.map((contact) => normalisePhoneNumber(contact.phone)),
      );
      return {
        contacts: contacts.map((contact) => ({
          ...contact,
          text_failure: failures.get(normalisePhoneNumber(contact.phone)) ?? null,
        })),
      };
    },

    async add(auth, input) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      return deps.db.transaction(async (tx) => {
        await repo.lockContactList(tx, ownerId);
        const contacts = await repo.listContacts(tx, ownerId);
        if (contacts.length >= MAX_EMERGENCY_CONTACTS) {
          throw new AppError('too_many_contacts', ERRORS.tooManyContacts);
        }
        await countNewContactNumbers(tx, deps.clock, {
          userId: ownerId,
          currentNumbers: contacts.map((contact) => contact.phone),
          nextNumbers: [input.phone],
        });
        return repo.insertContact(tx, ownerId, input, deps.clock.now());
      });
    },

    async update(auth, contactId, patch) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const contact = await deps.db.transaction(async (tx) => {
        if (patch.phone !== undefined) {
          await repo.lockContactList(tx, ownerId);
          await countNewContactNumbers(tx, deps.clock, {
            userId: ownerId,
            currentNumbers: (await repo.listContacts(tx, ownerId)).map((c) => c.phone),
            nextNumbers: [patch.phone],
          });
        }
        return repo.updateContact(tx, ownerId, contactId, patch, deps.clock.now());
      });
      if (!contact) throw notFound();
      return contact;
    },

    async remove(auth, contactId) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      if (!(await repo.deleteContact(deps.db, ownerId, contactId))) throw notFound();
    },
  };
}
