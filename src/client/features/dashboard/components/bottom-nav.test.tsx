import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BottomNav } from './bottom-nav';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <BottomNav /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const tab = (name: string): HTMLElement =>
  within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name });

describe('BottomNav', () => {
  it('has the four tabs in order with their paths: Location, Driving (the Escort Mode page), Safety, Membership', () => {
    renderAt('/');
    const links = within(screen.getByRole('navigation', { name: 'Main navigation' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Location', '/'],
      ['Driving', '/map'],
      ['Safety', '/sos'],
      ['Membership', '/settings'],
    ]);
  });

  it.each([
    ['/', 'Location'],
    ['/map', 'Driving'],
    ['/sos', 'Safety'],
    ['/settings', 'Membership'],
  ])('marks only the exact path %s as current', (path, active) => {
    renderAt(path);
    for (const name of ['Location', 'Driving', 'Safety', 'Membership']) {
      if (name === active) expect(tab(name)).toHaveAttribute('aria-current', 'page');
      else expect(tab(name)).not.toHaveAttribute('aria-current');
    }
  });

  it('highlights nothing on a path that is not a tab, even a sub-path', () => {
    renderAt('/sos/details');
    expect(screen.queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it('navigates when a tab is tapped', async () => {
    const router = renderAt('/');
    await userEvent.setup().click(tab('Driving'));
    expect(router.state.location.pathname).toBe('/map');
    expect(tab('Driving')).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(tab('Safety'));
    expect(router.state.location.pathname).toBe('/sos');
    expect(tab('Safety')).toHaveAttribute('aria-current', 'page');
  });
});
