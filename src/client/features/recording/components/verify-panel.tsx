import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { RecordingSource } from '../api/recording-source';
import { verifyRecording, type VerifyOutcome } from '../utils/verify-recording';

type VerifyState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'failed' } | VerifyOutcome;

function outcomeText(outcome: VerifyOutcome): string {
  switch (outcome.kind) {
    case 'untampered':
      return RECORDING_TEXTS.untampered(outcome.seconds);
    case 'unsigned':
      return RECORDING_TEXTS.matchesUnsigned(outcome.seconds);
    case 'no_ed25519':
      return RECORDING_TEXTS.matchesNoEd25519(outcome.seconds);
    case 'bad_signature':
      return RECORDING_TEXTS.badSignature;
    case 'mismatch':
      return RECORDING_TEXTS.mismatch[outcome.reason](outcome.seconds);
  }
}

/** Verify: downloads the recording and checks it against the server's signed hash chain, saying what it found. */
export function VerifyPanel({ source, recordingId }: { source: RecordingSource; recordingId: string }) {
  const titleId = useId();
  const [state, setState] = useState<VerifyState>({ kind: 'idle' });
  const run = async (): Promise<void> => {
    setState({ kind: 'checking' });
    try {
      setState(await verifyRecording(source, recordingId));
    } catch {
      setState({ kind: 'failed' });
    }
  };
  const good = state.kind === 'untampered';
  const partly = state.kind === 'unsigned' || state.kind === 'no_ed25519';
  const bad = state.kind === 'mismatch' || state.kind === 'bad_signature' || state.kind === 'failed';
  const Icon = good ? ShieldCheck : partly ? ShieldQuestion : ShieldAlert;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="font-semibold">
        {RECORDING_TEXTS.verifyTitle}
      </h2>
      <p className="text-sm text-muted-foreground">{RECORDING_TEXTS.verifyExplainer}</p>
      <Button variant="outline" onClick={() => void run()} disabled={state.kind === 'checking'}>
        {state.kind === 'checking' ? RECORDING_TEXTS.verifying : RECORDING_TEXTS.verify}
      </Button>
      {state.kind !== 'idle' && state.kind !== 'checking' ? (
        <p
          role="status"
          data-testid="verify-result"
          data-result={state.kind}
          className={cn(
            'flex items-start gap-2 rounded-xl p-3 text-sm font-medium',
            good && 'bg-success-soft text-success',
            partly && 'bg-warning-soft text-warning',
            bad && 'bg-primary-soft text-primary-text',
          )}
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{state.kind === 'failed' ? RECORDING_TEXTS.verifyFailed : outcomeText(state)}</span>
        </p>
      ) : null}
    </section>
  );
}
