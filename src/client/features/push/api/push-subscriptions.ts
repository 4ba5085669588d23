import { VapidPublicKeyResponseSchema, type PushSubscriptionRequest } from '#shared/schemas/push';
import { apiRequest, noContent } from '../../../lib/api-client';

export async function getVapidPublicKey(): Promise<string> {
  const { publicKey } = await apiRequest('/api/push/vapid-public-key', {
    schema: VapidPublicKeyResponseSchema,
    auth: false,
  });
  return publicKey;
}

export function saveSubscription(subscription: PushSubscriptionRequest): Promise<void> {
  return apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription, schema: noContent });
}

export function deleteSubscription(endpoint: string): Promise<void> {
  return apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint }, schema: noContent });
}
