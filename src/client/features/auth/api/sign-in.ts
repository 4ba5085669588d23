import { useMutation } from '@tanstack/react-query';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth-session';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

export type SignInInput = { email: string; password: string };

export function signInWithPassword(input: SignInInput): Promise<AuthSession> {
  return apiRequest('/api/auth/token?grant_type=password', {
    method: 'POST',
    body: input,
    schema: AuthSessionSchema,
    auth: false,
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithPassword, onSuccess: setSession });
}
