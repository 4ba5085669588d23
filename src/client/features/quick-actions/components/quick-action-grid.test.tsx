import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuickActionGrid, type QuickActionGridProps } from './quick-action-grid';

function renderGrid(props: Partial<QuickActionGridProps> = {}) {
  const handlers = {
    onToggleSound: vi.fn(),
    onOpenSettings: vi.fn(),
    onToggleMap: vi.fn(),
    onOpenEscort: vi.fn(),
    onOpenProtection: vi.fn(),
    onOpenMeeting: vi.fn(),
    onOpenFakeCall: vi.fn(),
    navigate: vi.fn(),
  };
  render(<QuickActionGrid isPremium soundEnabled {...handlers} {...props} />);
  const labels = () =>
    within(screen.getByTestId('quick-action-grid'))
      .getAllByRole('button')
      .map((button) => button.textContent);
  return { ...handlers, labels, user: userEvent.setup() };
}

describe('the quick-action grid', () => {
  it('lists the nine items in the product’s order', () => {
    const { labels } = renderGrid();
    expect(labels()).toEqual([
      'Settings',
      'Sound On',
      'Guardian',
      'Show Map',
      'Escort Mode',
      'Check In',
      'AI Protection',
      'Who Meeting',
      'Fake Call',
    ]);
  });

  it('hides the premium items in limited mode', () => {
    const { labels } = renderGrid({ isPremium: false });
    expect(labels()).toEqual(['Settings', 'Sound On', 'Show Map', 'Escort Mode', 'Fake Call']);
  });

  it('leaves out Show/Hide Map and Escort Mode when the screen gives no action for them', () => {
    const { labels } = renderGrid({ onToggleMap: undefined, onOpenEscort: undefined });
    expect(labels()).not.toContain('Show Map');
    expect(labels()).not.toContain('Escort Mode');
    expect(labels()).toHaveLength(7);
  });

  it('opens Who You’re Meeting from Who Meeting', async () => {
    const { user, onOpenMeeting } = renderGrid();
    await user.click(screen.getByRole('button', { name: 'Who Meeting' }));
    expect(onOpenMeeting).toHaveBeenCalledOnce();
  });

  it('leaves out Who Meeting when the screen gives no action for it', () => {
    const { labels } = renderGrid({ onOpenMeeting: undefined });
    expect(labels()).not.toContain('Who Meeting');
  });

  it('opens Fake Call from Fake Call, and leaves it out when the screen gives no action for it', async () => {
    const { user, onOpenFakeCall } = renderGrid();
    await user.click(screen.getByRole('button', { name: 'Fake Call' }));
    expect(onOpenFakeCall).toHaveBeenCalledOnce();
    cleanup();
    expect(renderGrid({ onOpenFakeCall: undefined }).labels()).not.toContain('Fake Call');
  });

  it('opens the AI Protection System dialog from AI Protection', async () => {
    const { onOpenProtection, user } = renderGrid();
    await user.click(screen.getByRole('button', { name: 'AI Protection' }));
    expect(onOpenProtection).toHaveBeenCalledOnce();
  });

  it('runs each item’s action: settings, sound, map, escort, and full page navigation to /guardian and /checkin', async () => {
    const handlers = renderGrid({ mapShown: true, soundEnabled: false });
    const { user } = handlers;
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Sound Off' }));
    await user.click(screen.getByRole('button', { name: 'Hide Map' }));
    await user.click(screen.getByRole('button', { name: 'Escort Mode' }));
    await user.click(screen.getByRole('button', { name: 'Guardian' }));
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(handlers.onOpenSettings).toHaveBeenCalledOnce();
    expect(handlers.onToggleSound).toHaveBeenCalledOnce();
    expect(handlers.onToggleMap).toHaveBeenCalledOnce();
    expect(handlers.onOpenEscort).toHaveBeenCalledOnce();
    expect(handlers.navigate.mock.calls).toEqual([['/guardian'], ['/checkin']]);
  });

  it('waits with the Sound toggle until the setting is known', () => {
    renderGrid({ soundEnabled: null });
    expect(screen.getByRole('button', { name: 'Sound On' })).toBeDisabled();
  });
});
