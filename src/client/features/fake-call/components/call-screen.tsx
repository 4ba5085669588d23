import { PhoneOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FAKE_CALL_TEXTS } from '#shared/fake-call-texts';
import { isSoundEnabled } from '../../../lib/sounds';
import { useNow } from '../../../lib/use-now';
import { endFakeCall } from '../stores/fake-call-store';
import { browserSpeech, speakCallScript, type CallerVoice } from '../utils/call-script';
import { formatCallTime } from '../utils/format-call-time';
import { CallScreenFrame, RoundCallButton } from './call-screen-frame';

/**
 * The answered call: its running time and End call. The caller speaks a few lines where the browser has a voice
 * and the person's Sound is on; otherwise the call is silent and the screen claims nothing more than the time.
 * `data-caller-voice` says which, for the tests.
 */
export function CallScreen({ callerName, answeredAt }: { callerName: string; answeredAt: number }) {
  const now = useNow(1000);
  const [voice, setVoice] = useState<CallerVoice>('pending');
  useEffect(
    () =>
      speakCallScript({
        synth: browserSpeech(),
        lines: FAKE_CALL_TEXTS.script,
        soundOn: isSoundEnabled(),
        onVoice: setVoice,
      }),
    [],
  );

  return (
    <CallScreenFrame
      callerName={callerName}
      status={
        <>
          <span className="sr-only">{FAKE_CALL_TEXTS.callDuration} </span>
          <span className="tabular-nums" data-testid="call-timer">
            {formatCallTime(now - answeredAt)}
          </span>
        </>
      }
      onDismiss={endFakeCall}
      testId="call-screen"
      attributes={{ 'data-caller-voice': voice }}
    >
      <RoundCallButton
        label={FAKE_CALL_TEXTS.endCall}
        caption={FAKE_CALL_TEXTS.endCall}
        icon={<PhoneOff aria-hidden />}
        tone="decline"
        onClick={endFakeCall}
      />
    </CallScreenFrame>
  );
}
