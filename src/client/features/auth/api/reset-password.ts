import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth-session';
import { apiRequest, noContent } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

/** Trades the one-time token from the recovery e-mail for a session. */
export function verifyRecoveryToken(token: string): Promise<AuthSession> {
  return apiRequest('/api/auth/verify', {
    method: 'POST',
    body: { type: 'recovery', token },
    schema: AuthSessionSchema,
    auth: false,
  });
}

export function updatePassword(password: string): Promise<void> {
  return apiRequest('/api/auth/user', { method: 'PUT', body: { password }, schema: noContent });
}

/**
 * Verifies the token and then sets the new password. The token is single-use, so once it has been traded for a
 * session a retry (e.g. after "password too weak") only repeats the password step.
 */
export function useResetPassword(token: string) {
  const verified = useRef(false);
  return useMutation({
    mutationFn: async (password: string) => {
      if (!verified.current) {
        setSession(await verifyRecoveryToken(token));
        verified.current = true;
      }
      await updatePassword(password);
    },
  });
}
