import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATE } from '../hooks/use-subscription';
import { PremiumGate } from './premium-gate';
import { SubscriptionSection } from './subscription-section';

describe('subscription stub', () => {
  it('treats everyone as premium', () => {
    expect(SUBSCRIPTION_STATE).toEqual({
      subscribed: true,
      plan: 'premium',
      isPremium: true,
      isFree: false,
      loading: false,
    });
    render(<PremiumGate>secret tool</PremiumGate>);
    expect(screen.getByText('secret tool')).toBeInTheDocument();
    expect(screen.queryByText('Premium Feature')).not.toBeInTheDocument();
  });

  it('shows the premium card with the five benefits when not premium; upgrading only shows the error toast', async () => {
    render(
      <>
        <Toaster />
        <PremiumGate isPremium={false}>secret tool</PremiumGate>
      </>,
    );
    expect(screen.queryByText('secret tool')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Premium Feature' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Unlimited emergency contacts',
      'Advanced AI danger detection',
      'Guardian monitoring',
      'Premium voice activation',
      'Priority support',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByText('Card payment (Stripe) integration is disabled')).toBeInTheDocument();
    expect(screen.getByText('Subscription features are currently unavailable.')).toBeInTheDocument();
  });

  it('the settings section says everything is enabled; the portal only shows its error toast', async () => {
    render(
      <>
        <Toaster />
        <SubscriptionSection />
      </>,
    );
    expect(screen.getByText('All features are enabled for everyone.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect(await screen.findByText('Customer portal is currently unavailable.')).toBeInTheDocument();
  });
});
