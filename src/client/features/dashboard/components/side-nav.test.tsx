import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SideNav } from './side-nav';

describe('SideNav', () => {
  it('links every screen, escort mode, check-in and the Safety Map included', () => {
    const router = createMemoryRouter([{ path: '*', element: <SideNav /> }], {
      initialEntries: ['/guardian'],
    });
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Emergency SOS', '/sos'],
      ['Escort Mode', '/map'],
      ['Safety Check-In', '/checkin'],
      ['Safety Map', '/safety-map'],
      ['Guardian Linking', '/guardian'],
      ['Guardian View', '/guardian/wards'],
      ['Permissions', '/permissions'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Guardian Linking');
  });
});
