import { useEffect, useState } from 'react';
import { FREE_TIER_CONTACT_LIMIT, SOS } from '#shared/constants';
import { SOS_TEXTS } from '#shared/ui-texts';
import { Navigate, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { LoginCard } from '../../features/auth/components/login-card';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { EmergencyContactsCard } from '../../features/contacts/components/emergency-contacts-card';
import { useContactDialog } from '../../features/contacts/hooks/use-contact-dialog';
import { useHealth } from '../../features/dashboard/api/get-health';
import { BackendUnavailable } from '../../features/dashboard/components/backend-unavailable';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header';
import { EmergencyContactsSlot } from '../../features/dashboard/components/emergency-contacts-slot';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { NavigationMenu } from '../../features/dashboard/components/navigation-menu';
import { SystemReadyCard } from '../../features/device-status/components/system-ready-card';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { DeliveryStatusPanel } from '../../features/sos/components/delivery-status-panel';
import { EmergencyBanner } from '../../features/sos/components/emergency-banner';
import { SosControl } from '../../features/sos/components/sos-control';
import { useSubscription } from '../../features/subscription/hooks/use-subscription';
import { hasSeenOnboarding, markOnboardingSeen } from '../../features/onboarding/utils/onboarding-seen';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useDevice } from '../../lib/device/device-context';
import { useOnline } from '../../lib/device/use-online';
import { paths } from '../../lib/paths';
import { lazyDialog } from '../../components/lazy-dialog';
import { CenteredPage } from '../components/centered-page';
import { useAppSosFlow } from '../hooks/use-app-sos-flow';

/** Settings (profile form, sections) and notifications are downloaded the first time their dialog opens. */
const SettingsDialogContainer = lazyDialog(
  async () => (await import('../components/settings-dialog-container')).SettingsDialogContainer,
  ({ open }) => open,
);
const NotificationsDialog = lazyDialog(
  async () =>
    (await import('../../features/notifications/components/notifications-dialog')).NotificationsDialog,
  ({ open }) => open,
);

/**
 * '/', '/auth' and '/contacts': loading overlay while the session is checked, the backend
 * message when the server does not answer, the login card when signed out, the dashboard when signed in.
 * See docs/PRODUCT.md#dashboard.
 */
export function DashboardRoute() {
  const status = useAuthStatus();
  const session = useSession();
  const health = useHealth();
  const { network } = useDevice();
  const { pathname } = useLocation();

  // First visit: splash → onboarding → sign-in, once.
  if (!session && pathname === paths.home && !hasSeenOnboarding()) {
    return <Navigate to={paths.splash} replace />;
  }
  if (status === 'checking' || health.isPending) return <LoadingOverlay />;
  // Offline is not a server problem: an offline person still gets their dashboard (and, later, offline SOS).
  if (health.isError && network.isOnline()) {
    return (
      <CenteredPage>
        <BackendUnavailable onRetry={() => void health.refetch()} retrying={health.isFetching} />
      </CenteredPage>
    );
  }
  if (!session) {
    return (
      <CenteredPage>
        <LoginCard logo={<Logo size="md" />} />
      </CenteredPage>
    );
  }
  return <SignedInDashboard focusContacts={pathname === paths.contacts} />;
}

function SignedInDashboard({ focusContacts }: { focusContacts: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { isPremium } = useSubscription();
  const online = useOnline();
  // Lifted so an SOS without contacts can open the card's dialog in add mode.
  const contactDialog = useContactDialog();
  const { userId, flow, retryQueued } = useAppSosFlow({
    bannerMs: SOS.bannerOnDashboardMs,
    onNeedsContacts: contactDialog.openAdd,
  });

  useEffect(() => {
    // Someone who has signed in never needs the first-visit onboarding again.
    markOnboardingSeen();
  }, []);

  useEffect(() => {
    if (focusContacts) document.getElementById('emergency-contacts')?.scrollIntoView?.({ block: 'start' });
  }, [focusContacts]);

  return (
    <>
      <DashboardHeader
        onMenuClick={() => setMenuOpen(true)}
        onSettingsClick={() => setSettingsOpen(true)}
        actions={
          <>
            <NotificationBell onClick={() => setNotificationsOpen(true)} />
            <ThemeToggle />
          </>
        }
      />
      <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 pt-4 pb-24">
        <Card
          aria-labelledby="dashboard-sos-title"
          className="flex flex-col items-center gap-4 p-5 text-center"
        >
          <div className="flex flex-col gap-1">
            <CardTitle id="dashboard-sos-title">{SOS_TEXTS.dashboardTitle}</CardTitle>
            <CardDescription>{SOS_TEXTS.dashboardDescription}</CardDescription>
          </div>
          {flow.bannerVisible ? (
            <EmergencyBanner title={SOS_TEXTS.activatedTitle} description={SOS_TEXTS.activatedDescription} />
          ) : null}
          <SosControl flow={flow} online={online} size="md" showActivated />
        </Card>
        <DeliveryStatusPanel
          userId={userId}
          composerUrl={flow.composerUrl}
          onDismissComposer={flow.dismissComposer}
          onRetryQueued={retryQueued}
        />
        <SystemReadyCard />
        <EmergencyContactsSlot>
          <EmergencyContactsCard
            userId={userId}
            limit={isPremium ? undefined : FREE_TIER_CONTACT_LIMIT}
            dialog={contactDialog}
          />
        </EmergencyContactsSlot>
      </main>
      <NavigationMenu open={menuOpen} onOpenChange={setMenuOpen} />
      <NotificationsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} />
      <SettingsDialogContainer open={settingsOpen} onOpenChange={setSettingsOpen} />
    </>
  );
}
