import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe('404 page', () => {
  it('shows the not-found title, a way home, and logs the unknown path', async () => {
    mockApi();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = await renderApp('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/no/such/page');

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(router.state.location.pathname).not.toBe('/no/such/page');
  });
});
