import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '#shared/schemas/auth';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth-session';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

/** Sign-up signs the person in at once; the confirmation e-mail only verifies the address. */
export function signUp(input: SignUpRequest): Promise<AuthSession> {
  return apiRequest('/api/auth/signup', {
    method: 'POST',
    body: input,
    schema: AuthSessionSchema,
    auth: false,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, onSuccess: setSession });
}
