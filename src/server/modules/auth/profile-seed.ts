import type { Queryable } from '../../db/database';
import { toAuthUser } from './auth-user';
import { findUserById } from './repository';

/**
 * What a first profile starts from: the account's name and phone given at sign-up, and its e-mail address.
 * Undefined when there is no such account.
 */
export async function profileSeedOf(
  db: Queryable,
  userId: string,
): Promise<{ fullName: string; email: string; phone: string | null } | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const { user_metadata: metadata } = toAuthUser(user);
  return { fullName: metadata.full_name ?? '', email: user.email, phone: metadata.phone ?? null };
}
