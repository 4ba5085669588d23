import { useCallback, useMemo } from 'react';
import { toast } from '../../../lib/toast';
import { TOASTS } from '#shared/texts';

export type SubscriptionPlan = 'free' | 'premium';

export type SubscriptionState = {
  subscribed: boolean;
  plan: SubscriptionPlan;
  isPremium: boolean;
  isFree: boolean;
  loading: boolean;
};

/** Payments are disabled: everyone is treated as a premium subscriber (docs/PRODUCT.md#subscription). */
export const SUBSCRIPTION_STATE: SubscriptionState = {
  subscribed: true,
  plan: 'premium',
  isPremium: true,
  isFree: false,
  loading: false,
};

export function showSubscribeUnavailable(): void {
  toast.error(TOASTS.paymentsDisabledTitle, { description: TOASTS.subscriptionUnavailable });
}

export function showPortalUnavailable(): void {
  toast.error(TOASTS.paymentsDisabledTitle, { description: TOASTS.portalUnavailable });
}

export type SubscriptionApi = SubscriptionState & {
  /** Re-reads the state; with payments disabled it is always the same. */
  refresh: () => SubscriptionState;
  subscribe: () => void;
  openCustomerPortal: () => void;
};

export function useSubscription(): SubscriptionApi {
  const refresh = useCallback(() => SUBSCRIPTION_STATE, []);
  return useMemo(
    () => ({
      ...SUBSCRIPTION_STATE,
      refresh,
      subscribe: showSubscribeUnavailable,
      openCustomerPortal: showPortalUnavailable,
    }),
    [refresh],
  );
}
