import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LastChanceSetting } from './last-chance-setting';

describe('the last-chance setting', () => {
  it('shows the stored minutes and offers every whole minute from none to ten', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LastChanceSetting value={2} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Last chance before contacts are texted' });
    expect(select).toHaveTextContent('2 minutes');
    expect(select).toHaveAccessibleDescription(/asks "Are you safe\?" on your phone for this long/);

    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'No last chance',
      '1 minute',
      ...Array.from({ length: 9 }, (_, index) => `${index + 2} minutes`),
    ]);
    await user.click(screen.getByRole('option', { name: '5 minutes' }));
    expect(onChange).toHaveBeenCalledWith(5);
  });
});
