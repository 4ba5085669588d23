import { Phone, PhoneOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FAKE_CALL } from '#shared/fake-call';
import { FAKE_CALL_TEXTS } from '#shared/fake-call-texts';
import { getAudioContext, isSoundEnabled } from '../../../lib/sounds';
import { acceptFakeCall, endFakeCall } from '../stores/fake-call-store';
import { browserVibrate, startRinging, type RingtoneState } from '../utils/ringtone';
import { CallScreenFrame, RoundCallButton } from './call-screen-frame';

/**
 * The incoming call: rings (the ringtone unless the person's Sound is off, and the vibration where the phone has
 * it) until Accept, Decline, or FAKE_CALL.ringForMs without an answer. `data-ringtone` says what the ringtone is
 * doing, for the browser test.
 */
export function IncomingCallScreen({ callerName }: { callerName: string }) {
  const [ringtone, setRingtone] = useState<RingtoneState | null>(null);
  useEffect(() => {
    const ringer = startRinging({
      soundOn: isSoundEnabled(),
      context: getAudioContext(),
      vibrate: browserVibrate(),
    });
    setRingtone(ringer.ringtone);
    const unanswered = window.setTimeout(endFakeCall, FAKE_CALL.ringForMs);
    return () => {
      window.clearTimeout(unanswered);
      ringer.stop();
    };
  }, []);

  return (
    <CallScreenFrame
      callerName={callerName}
      status={FAKE_CALL_TEXTS.incoming}
      onDismiss={endFakeCall}
      testId="incoming-call"
      attributes={ringtone ? { 'data-ringtone': ringtone } : undefined}
    >
      <div className="grid w-full max-w-xs grid-cols-2 gap-8">
        <RoundCallButton
          label={FAKE_CALL_TEXTS.declineLabel}
          caption={FAKE_CALL_TEXTS.decline}
          icon={<PhoneOff aria-hidden />}
          tone="decline"
          onClick={endFakeCall}
        />
        <RoundCallButton
          label={FAKE_CALL_TEXTS.acceptLabel}
          caption={FAKE_CALL_TEXTS.accept}
          icon={<Phone aria-hidden />}
          tone="accept"
          onClick={() => acceptFakeCall()}
        />
      </div>
    </CallScreenFrame>
  );
}
