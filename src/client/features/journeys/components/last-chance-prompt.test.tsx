import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSounds, setSoundEnabled } from '../../../lib/sounds';
import { LastChancePrompt } from './last-chance-prompt';

let vibrate: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'vibrate');
  resetSounds();
});

function renderPrompt(deadlineInMs: number) {
  const onSafe = vi.fn();
  const onAddTime = vi.fn();
  render(
    <LastChancePrompt
      deadline={new Date(Date.now() + deadlineInMs).toISOString()}
      lastChanceSeconds={120}
      safeLabel="I'm Safe"
      onSafe={onSafe}
      onAddTime={onAddTime}
    />,
  );
  return { onSafe, onAddTime };
}

describe('the last-chance prompt', () => {
  it('appears at the deadline, counts down to the texts, sounds once, and offers I’m Safe and Add time', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onSafe, onAddTime } = renderPrompt(3_000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4_000));
    const prompt = screen.getByRole('alert', { name: 'Are you safe?' });
    expect(prompt).toHaveTextContent(/Your contacts will be texted in 1:5\d\./);
    expect(vibrate).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(vibrate).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: "I'm Safe" }));
    await user.click(screen.getByRole('button', { name: 'Add time (+15 min)' }));
    expect(onSafe).toHaveBeenCalledTimes(1);
    expect(onAddTime).toHaveBeenCalledWith(15);

    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Your contacts are being texted now.');
  });

  it('stays silent with Sound off, and says nothing before the deadline', async () => {
    setSoundEnabled(false);
    renderPrompt(2_000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('alert', { name: 'Are you safe?' })).toBeInTheDocument();
    expect(vibrate).not.toHaveBeenCalled();
  });
});
