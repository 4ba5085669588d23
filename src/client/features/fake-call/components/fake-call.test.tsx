import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_CALL } from '#shared/fake-call';
import * as sounds from '../../../lib/sounds';
import { stubAudio } from '../../../testing/fake-audio';
import { endFakeCall } from '../stores/fake-call-store';
import { FakeCallDialog } from './fake-call-dialog';
import { FakeCallHost } from './fake-call-host';

const USER_ID = 'person-1';

/** The quick action's dialog beside the app shell's host, as the app has them; reopened with `reopen`. */
function renderFakeCall() {
  let reopen = (): void => undefined;
  function Harness() {
    const [open, setOpen] = useState(true);
    reopen = () => setOpen(true);
    return (
      <>
        <button type="button">Somewhere on the dashboard</button>
        <FakeCallDialog userId={USER_ID} open={open} onOpenChange={setOpen} />
        <FakeCallHost />
      </>
    );
  }
  const view = render(<Harness />);
  return { ...view, reopen: () => act(() => reopen()) };
}

// Events are fired directly rather than through user-event, whose pauses between steps wait on timers this file
// fakes; advancing by 0 lets the form's asynchronous validation finish.
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function click(element: HTMLElement): Promise<void> {
  fireEvent.click(element);
  await advance(0);
}

async function schedule(delay: string, callerName?: string) {
  const dialog = screen.getByRole('dialog', { name: 'Fake Call' });
  if (callerName !== undefined) {
    fireEvent.change(within(dialog).getByLabelText('Caller name'), { target: { value: callerName } });
  }
  await click(within(dialog).getByRole('radio', { name: delay }));
  await click(within(dialog).getByRole('button', { name: 'Schedule call' }));
}

/** A minimal speechSynthesis: it records what it is asked to say and ends an utterance when told. */
function stubSpeech(voices: Array<Partial<SpeechSynthesisVoice>>) {
  const spoken: SpeechSynthesisUtterance[] = [];
  class Utterance {
    voice: SpeechSynthesisVoice | null = null;
    lang = '';
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  const synth = {
    getVoices: () => voices,
    speak: (utterance: SpeechSynthesisUtterance) => spoken.push(utterance),
    cancel: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  vi.stubGlobal('speechSynthesis', synth);
  return { spoken, synth, texts: () => spoken.map((utterance) => utterance.text) };
}

let vibrate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});

afterEach(() => {
  endFakeCall();
  Reflect.deleteProperty(navigator, 'vibrate');
});

describe('Fake Call', () => {
  it('rings after the chosen delay with a synthesised ringtone and the vibration, on the caller’s name', async () => {
    const audio = stubAudio();
    renderFakeCall();
    const dialog = screen.getByRole('dialog', { name: 'Fake Call' });
    expect(within(dialog).getByLabelText('Caller name')).toHaveValue('Mum');
    expect(within(dialog).getByRole('radio', { name: '10 s' })).toBeChecked();
    expect(dialog).toHaveTextContent(
      'a web page cannot ring while it is in the background or the screen is off',
    );

    await schedule('1 min', 'Sam');
    expect(screen.queryByRole('dialog', { name: 'Fake Call' })).not.toBeInTheDocument();
    expect(screen.getByTestId('scheduled-call')).toHaveTextContent('Call in 1:00');
    await advance(59_000);
    expect(screen.getByTestId('scheduled-call')).toHaveTextContent('Call in 0:01');
    expect(screen.queryByTestId('incoming-call')).not.toBeInTheDocument();
    expect(audio.started).toEqual([]);

    await advance(1_000);
    const incoming = screen.getByRole('dialog', { name: 'Sam' });
    expect(incoming).toHaveTextContent('Incoming call…');
    expect(within(incoming).getByRole('button', { name: 'Accept call' })).toBeInTheDocument();
    expect(within(incoming).getByRole('button', { name: 'Decline call' })).toBeInTheDocument();
    expect(screen.queryByTestId('scheduled-call')).not.toBeInTheDocument();
    expect(incoming).toHaveAttribute('data-ringtone', 'playing');
    // Two bursts of the two tones together, then again each cycle.
    expect(audio.started).toEqual([400, 450, 400, 450]);
    expect(vibrate).toHaveBeenLastCalledWith(FAKE_CALL.vibrationMs);
    await advance(FAKE_CALL.ring.cycleMs);
    expect(audio.started).toHaveLength(8);
    expect(vibrate).toHaveBeenCalledTimes(2);
  });

  it('remembers the caller name on this phone, per person', async () => {
    stubAudio();
    const { reopen } = renderFakeCall();
    await schedule('5 min', 'Aunt Jo');
    await click(screen.getByRole('button', { name: 'Cancel the scheduled call' }));
    await reopen();
    expect(
      within(screen.getByRole('dialog', { name: 'Fake Call' })).getByLabelText('Caller name'),
    ).toHaveValue('Aunt Jo');
  });

  it('asks for a caller name', async () => {
    stubAudio();
    renderFakeCall();
    await schedule('Now', '   ');
    expect(screen.getByRole('dialog', { name: 'Fake Call' })).toHaveTextContent('Enter who is calling');
    expect(screen.queryByTestId('scheduled-call')).not.toBeInTheDocument();
  });

  it('never rings once cancelled', async () => {
    const audio = stubAudio();
    renderFakeCall();
    await schedule('10 s');
    await click(screen.getByRole('button', { name: 'Cancel the scheduled call' }));
    expect(screen.queryByTestId('scheduled-call')).not.toBeInTheDocument();
    await advance(60_000);
    expect(screen.queryByTestId('incoming-call')).not.toBeInTheDocument();
    expect(audio.started).toEqual([]);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('rings without a ringtone while the person’s Sound is off, and says so when scheduling', async () => {
    const audio = stubAudio();
    vi.spyOn(sounds, 'isSoundEnabled').mockReturnValue(false);
    renderFakeCall();
    expect(screen.getByRole('dialog', { name: 'Fake Call' })).toHaveTextContent(
      'Sound is off in Beacon: the call will vibrate where the phone can, without a ringtone or a voice.',
    );
    await schedule('Now');
    await advance(0);
    expect(screen.getByTestId('incoming-call')).toHaveAttribute('data-ringtone', 'off');
    await advance(FAKE_CALL.ring.cycleMs);
    expect(audio.started).toEqual([]);
    expect(vibrate).toHaveBeenCalledWith(FAKE_CALL.vibrationMs);
  });

  it('Decline stops the ringing and returns to where the person was', async () => {
    stubAudio();
    renderFakeCall();
    await schedule('Now');
    await advance(0);
    await click(screen.getByRole('button', { name: 'Decline call' }));
    expect(screen.queryByTestId('incoming-call')).not.toBeInTheDocument();
    expect(vibrate).toHaveBeenLastCalledWith(0);
    expect(screen.getByRole('button', { name: 'Somewhere on the dashboard' })).toBeVisible();
  });

  it('stops ringing unanswered after a while, as a real call does', async () => {
    stubAudio();
    renderFakeCall();
    await schedule('Now');
    await advance(FAKE_CALL.ringForMs - 1);
    expect(screen.getByTestId('incoming-call')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId('incoming-call')).not.toBeInTheDocument();
  });

  it('Accept opens the call: its running time, the caller’s lines spoken with pauses, End call', async () => {
    stubAudio();
    const speech = stubSpeech([{ name: 'English', lang: 'en-GB', default: true }]);
    renderFakeCall();
    await schedule('Now', 'Mum');
    await advance(0);
    await click(screen.getByRole('button', { name: 'Accept call' }));
    const call = screen.getByRole('dialog', { name: 'Mum' });
    expect(call).toHaveAttribute('data-testid', 'call-screen');
    expect(screen.getByTestId('call-timer')).toHaveTextContent('0:00');
    expect(call).toHaveAttribute('data-caller-voice', 'voice');
    expect(vibrate).toHaveBeenLastCalledWith(0);

    await advance(1_000);
    expect(speech.texts()).toEqual(['Hi, it’s me.']);
    act(() => speech.spoken[0]?.onend?.(new Event('end') as SpeechSynthesisEvent));
    await advance(FAKE_CALL.scriptPauseMs - 1);
    expect(speech.texts()).toHaveLength(1);
    await advance(1);
    expect(speech.texts()).toEqual(['Hi, it’s me.', 'Where are you?']);
    expect(screen.getByTestId('call-timer')).toHaveTextContent('0:03');

    await click(within(call).getByRole('button', { name: 'End call' }));
    expect(screen.queryByTestId('call-screen')).not.toBeInTheDocument();
    expect(speech.synth.cancel).toHaveBeenCalled();
  });

  it('with no voice in the browser, the call is silent: only its running time', async () => {
    stubAudio();
    const speech = stubSpeech([]);
    renderFakeCall();
    await schedule('Now');
    await advance(0);
    await click(screen.getByRole('button', { name: 'Accept call' }));
    expect(screen.getByTestId('call-screen')).toHaveAttribute('data-caller-voice', 'pending');
    await advance(FAKE_CALL.voicesWaitMs);
    expect(screen.getByTestId('call-screen')).toHaveAttribute('data-caller-voice', 'none');
    await advance(20_000);
    expect(speech.spoken).toEqual([]);
    expect(screen.getByTestId('call-timer')).toHaveTextContent('0:21');
  });

  it('the caller does not speak while the person’s Sound is off', async () => {
    stubAudio();
    const speech = stubSpeech([{ name: 'English', lang: 'en-US', default: true }]);
    vi.spyOn(sounds, 'isSoundEnabled').mockReturnValue(false);
    renderFakeCall();
    await schedule('Now');
    await advance(0);
    await click(screen.getByRole('button', { name: 'Accept call' }));
    await advance(10_000);
    expect(screen.getByTestId('call-screen')).toHaveAttribute('data-caller-voice', 'none');
    expect(speech.spoken).toEqual([]);
  });

  it('a call under way ends when the host goes (signed out, an alert raised)', async () => {
    stubAudio();
    const { unmount } = renderFakeCall();
    await schedule('10 s');
    unmount();
    render(<FakeCallHost />);
    await advance(20_000);
    expect(screen.queryByTestId('incoming-call')).not.toBeInTheDocument();
  });
});
