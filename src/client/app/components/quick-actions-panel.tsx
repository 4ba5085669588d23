import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { QUICK_ACTION_TEXTS } from '#shared/quick-action-texts';
import { lazyDialog } from '../../components/lazy-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { useUpdateSoundEnabled } from '../../features/profile/api/update-profile';
import { QuickActionGrid } from '../../features/quick-actions/components/quick-action-grid';
import { useSubscription } from '../../features/subscription/hooks/use-subscription';
import { playSound, setSoundEnabled } from '../../lib/sounds';
import { useRequiredSession } from '../hooks/use-required-session';

// Leaflet and the dialog load when it first opens.
const YourLocationDialog = lazyDialog(
  async () => (await import('../../features/location/components/your-location-dialog')).YourLocationDialog,
  ({ open }) => open,
);
// The AI Protection System dialog, when first opened.
const ProtectionDialog = lazyDialog(
  async () => (await import('../../features/protection/components/protection-dialog')).ProtectionDialog,
  ({ open }) => open,
);

// Who You're Meeting's form, photo resizing and list load when it first opens.
const WhoMeetingDialog = lazyDialog(
  async () => (await import('../../features/meeting/components/who-meeting-dialog')).WhoMeetingDialog,
  ({ open }) => open,
);

// Fake Call's dialog, when first opened (the call itself rings from the app shell's host).
const FakeCallDialog = lazyDialog(
  async () => (await import('../../features/fake-call/components/fake-call-dialog')).FakeCallDialog,
  ({ open }) => open,
);

export type QuickActionsPanelProps = {
  onOpenSettings: () => void;
  /** Show/Hide Map; without it the item is not shown. */
  onToggleMap?: () => void;
  mapShown?: boolean;
  /** Escort Mode; without it the item is not shown. */
  onOpenEscort?: () => void;
};

/**
 * The dashboard's Your Location button and quick-action grid (docs/PRODUCT.md#quick-actions), with the Sound
 * toggle wired to the profile's sound_enabled. Loaded on demand by the dashboard.
 */
export function QuickActionsPanel({
  onOpenSettings,
  onToggleMap,
  mapShown,
  onOpenEscort,
}: QuickActionsPanelProps) {
  const userId = useRequiredSession().user.id;
  const { isPremium } = useSubscription();
  const soundEnabled = useQuery(profileQueryOptions(userId)).data?.sound_enabled ?? null;
  const updateSound = useUpdateSoundEnabled(userId);
  const [locationOpen, setLocationOpen] = useState(false);
  const [protectionOpen, setProtectionOpen] = useState(false);
  const [meetingOpen, setMeetingOpen] = useState(false);
  const [fakeCallOpen, setFakeCallOpen] = useState(false);

  const toggleSound = (): void => {
    const next = !soundEnabled;
    // The toggle's own tone: "off" plays before sound goes off, "on" once it is on again.
    if (next) {
      setSoundEnabled(true);
      playSound('toggleOn');
    } else {
      playSound('toggleOff');
    }
    updateSound.mutate(next);
  };

  return (
    <Card aria-labelledby="quick-actions-title" className="flex flex-col gap-3 p-5">
      <CardTitle as="h2" id="quick-actions-title">
        {QUICK_ACTION_TEXTS.title}
      </CardTitle>
      <Button variant="outline" onClick={() => setLocationOpen(true)}>
        <MapPin aria-hidden />
        {QUICK_ACTION_TEXTS.yourLocation}
      </Button>
      <QuickActionGrid
        isPremium={isPremium}
        soundEnabled={soundEnabled}
        onToggleSound={toggleSound}
        onOpenSettings={onOpenSettings}
        onToggleMap={onToggleMap}
        mapShown={mapShown}
        onOpenEscort={onOpenEscort}
        onOpenProtection={() => setProtectionOpen(true)}
        onOpenMeeting={() => setMeetingOpen(true)}
        onOpenFakeCall={() => setFakeCallOpen(true)}
      />
      <YourLocationDialog open={locationOpen} onOpenChange={setLocationOpen} />
      <ProtectionDialog userId={userId} open={protectionOpen} onOpenChange={setProtectionOpen} />
      <WhoMeetingDialog userId={userId} open={meetingOpen} onOpenChange={setMeetingOpen} />
      <FakeCallDialog userId={userId} open={fakeCallOpen} onOpenChange={setFakeCallOpen} />
    </Card>
  );
}
