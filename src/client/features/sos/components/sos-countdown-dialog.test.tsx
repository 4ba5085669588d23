import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SOS } from '#shared/constants';
import type { SoundName } from '../../../lib/sounds';
import { SosCountdownDialog } from './sos-countdown-dialog';

function setup({ soundEnabled = true, open = true } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const play = vi.fn<(sound: SoundName) => void>();
  const view = render(
    <StrictMode>
      <SosCountdownDialog
        open={open}
        onConfirm={onConfirm}
        onCancel={onCancel}
        soundEnabled={soundEnabled}
        play={play}
      />
    </StrictMode>,
  );
  return { ...view, onConfirm, onCancel, play };
}

const tick = (times = 1): void =>
  act(() => {
    vi.advanceTimersByTime(SOS.tickMs * times);
  });

const timer = (): HTMLElement => screen.getByRole('timer', { name: 'seconds remaining' });

describe('SosCountdownDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows the title, text, count, cancel button and hint', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Emergency SOS Activation' });
    // Beacon texts contacts and calls nobody: the dialog must not say emergency services will be contacted.
    expect(dialog).toHaveAccessibleDescription(
      'Your emergency contacts will get a text with your location in:',
    );
    expect(dialog).not.toHaveTextContent(/emergency services/i);
    expect(screen.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    expect(timer()).toHaveTextContent('10');
    expect(screen.getByText('seconds remaining')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Emergency' })).toBeInTheDocument();
    expect(screen.getByText('Press "Cancel Emergency" to stop the countdown')).toBeInTheDocument();
  });

  it('drops by one each second with a countdown beep', () => {
    const { play } = setup();
    tick();
    expect(timer()).toHaveTextContent('9');
    expect(play).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenLastCalledWith('countdownBeep');
    tick(4);
    expect(timer()).toHaveTextContent('5');
    expect(play).toHaveBeenCalledTimes(5);
  });

  it('at the end stops, plays the emergency alert, fires confirm once and shows 0', () => {
    const { onConfirm, play } = setup();
    tick(9);
    expect(timer()).toHaveTextContent('1');
    expect(onConfirm).not.toHaveBeenCalled();
    tick();
    expect(timer()).toHaveTextContent('0');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenLastCalledWith('emergencyAlert');
    expect(play.mock.calls.filter(([sound]) => sound === 'countdownBeep')).toHaveLength(9);
    tick(5);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(timer()).toHaveTextContent('0');
  });

  it('ticks one second after opening, and a late tick does not push the later ones back', () => {
    setup();
    act(() => {
      vi.advanceTimersByTime(SOS.tickMs - 1);
    });
    expect(timer()).toHaveTextContent('10');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(timer()).toHaveTextContent('9');
    // The main thread was busy: the clock moved 400 ms on before the next tick's callback could run.
    vi.setSystemTime(Date.now() + 400);
    tick();
    expect(timer()).toHaveTextContent('8');
    // Aimed at the 3-second mark from opening, so 600 ms later, not a full second.
    act(() => {
      vi.advanceTimersByTime(SOS.tickMs - 400);
    });
    expect(timer()).toHaveTextContent('7');
  });

  it('stays open on 0 after firing, then closes once the parent has closed it', () => {
    const onConfirm = vi.fn();
    const props = { onConfirm, onCancel: vi.fn(), soundEnabled: false };
    const { rerender } = render(<SosCountdownDialog open {...props} />);
    tick(10);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // The flow closes the dialog as soon as it starts sending; the person still sees 0.
    rerender(<SosCountdownDialog open={false} {...props} />);
    expect(timer()).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Cancel Emergency' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(SOS.zeroHoldMs);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('returns focus to the SOS button after a cancelled countdown', () => {
    const button = document.createElement('button');
    document.body.append(button);
    const ref = { current: button };
    const props = { onConfirm: vi.fn(), onCancel: vi.fn(), soundEnabled: false, returnFocusTo: ref };
    const { rerender } = render(<SosCountdownDialog open {...props} />);
    expect(screen.getByRole('button', { name: 'Cancel Emergency' })).toHaveFocus();
    rerender(<SosCountdownDialog open={false} {...props} />);
    // Radix moves focus on the next task after the content unmounts.
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(button).toHaveFocus();
    button.remove();
  });

  it('cannot be dismissed with Escape or an outside click', () => {
    const { onCancel, onConfirm } = setup();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    tick(10);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Cancel Emergency calls cancel', () => {
    const { onCancel, onConfirm } = setup();
    tick(3);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Emergency' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('a held Enter key (auto-repeat) cannot cancel it', () => {
    setup();
    const cancel = screen.getByRole('button', { name: 'Cancel Emergency' });
    const repeat = fireEvent.keyDown(cancel, { key: 'Enter', repeat: true });
    expect(repeat).toBe(false);
  });

  it('is silent when sound is off', () => {
    const { play, onConfirm } = setup({ soundEnabled: false });
    tick(10);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
  });

  it('closing resets the count: re-opening starts from 10 again', () => {
    const onConfirm = vi.fn();
    const props = { onConfirm, onCancel: vi.fn(), soundEnabled: false };
    const { rerender } = render(<SosCountdownDialog open {...props} />);
    tick(4);
    expect(timer()).toHaveTextContent('6');
    rerender(<SosCountdownDialog open={false} {...props} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    tick(20);
    expect(onConfirm).not.toHaveBeenCalled();
    rerender(<SosCountdownDialog open {...props} />);
    expect(timer()).toHaveTextContent('10');
  });
});
