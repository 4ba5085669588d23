import { useMutation } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../../lib/api-client';

/** Asks for a reset e-mail. The answer never says whether the address has an account. */
export function requestPasswordRecovery(email: string): Promise<void> {
  return apiRequest('/api/auth/recover', { method: 'POST', body: { email }, schema: noContent, auth: false });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
