import { Smartphone } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../../lib/toast';
import { PROTECTION, type ProtectionSettings } from '#shared/protection';
import { PROTECTION_TEXTS as T, PROTECTION_TOASTS, WAKE_LOCK_TEXTS } from '#shared/protection-ui-texts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useUpdateProtectionSettings } from '../api/update-protection-settings';
import { useProtectionSnapshot } from '../hooks/use-protection-snapshot';
import { useKeepScreenOn, useProtectionSettings } from '../hooks/use-protection-settings';
import { currentProtectionEngine } from '../stores/protection-store';
import { protectionLevel } from '../utils/protection-level';
import { startReport } from '../utils/start-report';
import { DetectorSection } from './detector-section';
import { KeywordEditor } from './keyword-editor';
import { ProtectionBadge } from './protection-badge';
import { SettingSlider } from './setting-slider';

type ProtectionDialogProps = {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The AI Protection System dialog (docs/PRODUCT.md#ai-protection): the Emergency Protection switch, the badge of
 * what runs on this phone now, each detector with its switch, its settings and what it is doing, the keyword
 * list, "Keep the screen on", and what a web app can and cannot do. Loaded when first opened.
 */
export function ProtectionDialog({ userId, open, onOpenChange }: ProtectionDialogProps) {
  const view = useProtectionSettings(userId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="fullscreen">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          {view.settings ? (
            <ProtectionControls userId={userId} settings={view.settings} />
          ) : view.failed ? (
            <p role="alert" className="rounded-lg bg-primary-soft p-3 text-sm text-primary-text">
              {T.loadFailed}
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {T.loading}
            </p>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function ProtectionControls({ userId, settings }: { userId: string; settings: ProtectionSettings }) {
  const snapshot = useProtectionSnapshot();
  const update = useUpdateProtectionSettings(userId);
  const [keepScreenOn, setKeepScreenOn] = useKeepScreenOn(userId);
  const masterId = useId();
  const screenId = useId();
  const { detectors } = snapshot;

  /**
   * Saves a change and applies it on this phone at once, inside the person's tap: iOS asks for motion and Safari
   * starts the microphone and speech only from a tap. What started, or why not, is told once it is known.
   */
  const change = (patch: Partial<ProtectionSettings>): void => {
    const next = { ...settings, ...patch };
    const turnedOn = patch.enabled === true;
    const detectorOn =
      patch.shakeEnabled === true || patch.loudSoundEnabled === true || patch.voiceEnabled === true;
    const report =
      next.enabled && (turnedOn || detectorOn)
        ? (after: Parameters<typeof startReport>[0]) => {
            for (const item of startReport(after, next, turnedOn)) {
              (item.tone === 'success' ? toast.success : toast.error)(item.title, {
                description: item.description,
              });
            }
          }
        : undefined;
    currentProtectionEngine()?.apply({ settings: next }, report);
    update.mutate(patch);
  };

  const enableMotion = (): void => {
    const engine = currentProtectionEngine();
    if (!engine) return;
    // Called in the tap itself: iOS shows its question only then.
    void engine.enableMotion().then((outcome) => {
      if (outcome === 'denied') {
        toast.error(PROTECTION_TOASTS.motionDenied, {
          description: PROTECTION_TOASTS.motionDeniedDescription,
        });
      } else if (outcome === 'error') {
        toast.error(PROTECTION_TOASTS.motionError, { description: PROTECTION_TOASTS.motionErrorDescription });
      }
    });
  };

  const changeKeepScreenOn = (keep: boolean): void => {
    setKeepScreenOn(keep);
    currentProtectionEngine()?.apply({ keepScreenOn: keep });
  };

  const motionAsk =
    settings.shakeEnabled &&
    (detectors.shake === 'needs-permission' || snapshot.motionPermission === 'prompt');

  return (
    <>
      <ProtectionBadge level={protectionLevel(detectors)} />
      <div className="flex items-center justify-between gap-3 rounded-xl border p-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor={masterId} className="text-base font-semibold">
            {T.masterSwitch}
          </Label>
          <p id={`${masterId}-hint`} className="text-sm text-muted-foreground">
            {T.masterHint}
          </p>
        </div>
        <Switch
          id={masterId}
          checked={settings.enabled}
          onCheckedChange={(enabled) => change({ enabled })}
          aria-describedby={`${masterId}-hint`}
        />
      </div>

      <DetectorSection
        detector="shake"
        title={T.shakeTitle}
        hint={T.shakeHint}
        checked={settings.shakeEnabled}
        onCheckedChange={(shakeEnabled) => change({ shakeEnabled })}
        state={detectors.shake}
      >
        {motionAsk ? (
          <Button variant="outline" onClick={enableMotion}>
            <Smartphone aria-hidden />
            {T.enableMotion}
          </Button>
        ) : null}
        <SettingSlider
          label={T.sensitivity}
          hint={T.sensitivityHint}
          min={PROTECTION.motionThreshold.min}
          max={PROTECTION.motionThreshold.max}
          step={1}
          value={settings.motionThreshold}
          format={T.sensitivityValue}
          onCommit={(motionThreshold) => change({ motionThreshold })}
        />
      </DetectorSection>

      <DetectorSection
        detector="loudSound"
        title={T.loudSoundTitle}
        hint={T.loudSoundHint}
        checked={settings.loudSoundEnabled}
        onCheckedChange={(loudSoundEnabled) => change({ loudSoundEnabled })}
        state={detectors.loudSound}
      />

      <DetectorSection
        detector="voice"
        title={T.voiceTitle}
        hint={T.voiceHint}
        checked={settings.voiceEnabled}
        onCheckedChange={(voiceEnabled) => change({ voiceEnabled })}
        state={detectors.voice}
      >
        <p className="rounded-lg bg-info-soft p-3 text-sm text-info">{T.voicePrivacy}</p>
        <KeywordEditor keywords={settings.keywords} onChange={(keywords) => change({ keywords })} />
        <SettingSlider
          label={T.accuracy}
          hint={T.accuracyHint}
          min={PROTECTION.recognitionAccuracy.min}
          max={PROTECTION.recognitionAccuracy.max}
          step={PROTECTION.recognitionAccuracy.step}
          value={settings.recognitionAccuracy}
          format={T.accuracyValue}
          onCommit={(accuracy) => change({ recognitionAccuracy: Math.round(accuracy * 10) / 10 })}
        />
      </DetectorSection>

      <div className="flex flex-col gap-2 rounded-xl border p-4">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={screenId} className="font-semibold">
            {T.keepScreenOn}
          </Label>
          <Switch
            id={screenId}
            checked={keepScreenOn}
            onCheckedChange={changeKeepScreenOn}
            aria-describedby={`${screenId}-hint`}
          />
        </div>
        <p id={`${screenId}-hint`} className="text-sm text-muted-foreground">
          {T.keepScreenOnHint}
        </p>
        {snapshot.wakeLock !== 'off' ? (
          <p
            data-testid="wake-lock-state"
            data-state={snapshot.wakeLock}
            className={snapshot.wakeLock === 'on' ? 'text-sm text-success' : 'text-sm text-warning'}
          >
            {WAKE_LOCK_TEXTS[snapshot.wakeLock]}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="protection-limits" className="flex flex-col gap-2 text-sm">
        <h3 id="protection-limits" className="font-semibold">
          {T.limitsTitle}
        </h3>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
          {T.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
