import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast';
import { renderWithProviders } from '../../testing/render-app';

// Sonner loads on demand (lib/toast.ts): the toaster mounts once it has arrived, and what was raised or dismissed
// before then must still happen, in order.
describe('the app toaster', () => {
  it('shows a toast raised before the toaster was on screen', async () => {
    toast.error('Raised before the first screen', { description: 'Shown all the same' });
    renderWithProviders(<p>First screen</p>);

    expect(await screen.findByText('Raised before the first screen')).toBeInTheDocument();
    expect(screen.getByText('Shown all the same')).toBeInTheDocument();
  });

  it('replaces and dismisses a toast by its id', async () => {
    renderWithProviders(<p>First screen</p>);
    toast.info('Saving…', { id: 'save' });
    toast.success('Saved', { id: 'save' });

    const saved = await screen.findByText('Saved');
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    toast.dismiss('save');
    await waitForElementToBeRemoved(saved);
  });
});
