import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PROFILE_SETTINGS, type ProfileSettings } from '#shared/schemas/profile';
import type { SettingsSectionId } from '#shared/settings-texts';
import { useSignOut } from '../../features/auth/api/sign-out';
import { DeleteAccountDialog } from '../../features/auth/components/delete-account-dialog';
import { useProfile } from '../../features/profile/api/get-profile';
import {
  useUpdateLocationSharing,
  useUpdateProfile,
  useUpdateProfileSettings,
} from '../../features/profile/api/update-profile';
import { DevOutboxLink } from '../../features/dev-outbox/components/dev-outbox-link';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { AboutSection } from '../../features/settings/components/about-section';
import { AppPreferencesSection } from '../../features/settings/components/app-preferences-section';
import { EmergencySettingsSection } from '../../features/settings/components/emergency-settings-section';
import { LastChanceSetting } from '../../features/settings/components/last-chance-setting';
import { HowItWorksSection } from '../../features/settings/components/how-it-works-section';
import { PrivacySection } from '../../features/settings/components/privacy-section';
import { PushOptInCard } from '../../features/push/components/push-opt-in-card';
import { SafetyPinRow } from '../../features/safety-pin/components/safety-pin-row';
import { SafetyNetworkRow } from '../../features/safety-network/components/safety-network-row';
import { SettingsDialog } from '../../features/settings/components/settings-dialog';
import { SubscriptionSection } from '../../features/subscription/components/subscription-section';
import { ThemePicker } from '../../features/theme/components/theme-picker';
import type { DialogLayout } from '../../components/ui/dialog';
import type { AccountDeletedState } from '../routes/account-deleted';
import { paths, type AppPath } from '../../lib/paths';
import { useRequiredSession } from '../hooks/use-required-session';

type SettingsDialogContainerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  layout?: DialogLayout;
};

/** Composes the settings dialog from the features that own each section's data and actions; for screens under
 * <RequireSession>. */
export function SettingsDialogContainer({ open, onOpenChange, layout }: SettingsDialogContainerProps) {
  const userId = useRequiredSession().user.id;
  const profile = useProfile(userId);
  const updateSettings = useUpdateProfileSettings(userId);
  const updateLastChance = useUpdateProfile(userId);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(false);

  const settings: ProfileSettings = profile.data?.settings ?? DEFAULT_PROFILE_SETTINGS;
  const togglesDisabled = !profile.data;
  const changeSettings = (change: Partial<ProfileSettings>): void => updateSettings.mutate(change);
  const updateSharing = useUpdateLocationSharing(userId);
  // Privacy › Share Location is the profile's location_sharing_enabled (live location for guardians and links).
  const privacySettings: ProfileSettings = {
    ...settings,
    shareLocation: profile.data?.location_sharing_enabled ?? settings.shareLocation,
  };
  const changePrivacy = ({ shareLocation, ...rest }: Partial<ProfileSettings>): void => {
    if (shareLocation !== undefined) updateSharing.mutate(shareLocation);
    if (Object.keys(rest).length > 0) changeSettings(rest);
  };

  /** Leaves the dialog for another screen. */
  const goTo = (to: AppPath): void => {
    onOpenChange(false);
    navigate(to);
  };

  const sections: Record<SettingsSectionId, ReactNode> = {
    'how-it-works': <HowItWorksSection />,
    profile: <ProfileForm userId={userId} profile={profile.data} />,
    // The one notification switch that acts: this device's Web Push (docs/PRODUCT.md#settings).
    notifications: <PushOptInCard />,
    privacy: (
      <PrivacySection
        settings={privacySettings}
        onChange={changePrivacy}
        onDeleteAccount={() => setDeleteOpen(true)}
        disabled={togglesDisabled}
      />
    ),
    emergency: (
      <EmergencySettingsSection
        userId={userId}
        onManageContacts={() => goTo(paths.contacts)}
        safetyPin={<SafetyPinRow userId={userId} />}
        safetyNetwork={<SafetyNetworkRow userId={userId} />}
        lastChance={
          <LastChanceSetting
            value={profile.data?.last_chance_minutes}
            onChange={(minutes) => updateLastChance.mutate({ last_chance_minutes: minutes })}
            disabled={togglesDisabled || updateLastChance.isPending}
          />
        }
      />
    ),
    preferences: <AppPreferencesSection themePicker={<ThemePicker />} />,
    subscription: <SubscriptionSection />,
    about: (
      <AboutSection
        onSignOut={() => signOut.mutate(undefined, { onSettled: () => goTo(paths.home) })}
        signingOut={signOut.isPending}
        extraLinks={<DevOutboxLink onOpen={() => goTo(paths.outbox)} />}
      />
    ),
  };

  return (
    <>
      <SettingsDialog open={open} onOpenChange={onOpenChange} sections={sections} layout={layout} />
      <DeleteAccountDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        onDeleted={() => {
          setDeleteOpen(false);
          // Not onOpenChange(false): on /settings that navigates home and unmounts this first. The confirmation
          // screen ends the session once it shows (routes/account-deleted.tsx).
          void navigate(paths.accountDeleted, { state: { endSession: true } satisfies AccountDeletedState });
        }}
      />
    </>
  );
}
