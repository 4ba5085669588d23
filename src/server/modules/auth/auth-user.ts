import type { AuthUser } from '#shared/schemas/auth-session';
import type { UserRow } from './repository';

/** The user as the API shows it (docs/PRODUCT.md#auth-endpoints): never the password hash. */
export function toAuthUser(row: UserRow): AuthUser {
  const metadata = row.user_metadata ?? {};
  const user_metadata: AuthUser['user_metadata'] = {};
  if (typeof metadata.full_name === 'string') user_metadata.full_name = metadata.full_name;
  if (typeof metadata.phone === 'string' || metadata.phone === null) user_metadata.phone = metadata.phone;
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    app_metadata: { provider: 'email', providers: ['email'] },
    email: row.email,
    email_confirmed_at: row.email_confirmed_at ? row.email_confirmed_at.toISOString() : null,
    user_metadata,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
