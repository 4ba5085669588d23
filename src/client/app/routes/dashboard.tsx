import { Suspense, useEffect, useState } from 'react';
import { FREE_TIER_CONTACT_LIMIT } from '#shared/constants';
import { READINESS_CHECKING } from '#shared/dashboard-texts';
import { SOS_TEXTS } from '#shared/ui-texts';
import { useLocation, useNavigate } from 'react-router';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { useContactDialog } from '../../features/contacts/hooks/use-contact-dialog';
import { useServerStatus } from '../../features/dashboard/hooks/use-server-status';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header';
import { EmergencyContactsSlot } from '../../features/dashboard/components/emergency-contacts-slot';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { DeliveryStatusPanel } from '../../features/sos/components/delivery-status-panel';
import { SosControl } from '../../features/sos/components/sos-control';
import { useSubscription } from '../../features/subscription/hooks/use-subscription';
import { markOnboardingSeen } from '../../features/onboarding/utils/onboarding-seen';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useOnline } from '../../lib/device/use-online';
import { paths } from '../../lib/paths';
import { lazyDialog } from '../../components/lazy-dialog';
import { useAppSosFlow } from '../hooks/use-app-sos-flow';
import { isFirstRunState } from '../components/first-run';
import { lazyAfterFirstPaint } from '../../lib/first-paint';

// These load right after the first screen: the SOS card comes first, and they stay out of the first download
// (the SOS reads the contacts itself, without the card).
const DashboardReadiness = lazyAfterFirstPaint(
  'screen',
  async () => (await import('../components/dashboard-readiness')).DashboardReadiness,
);
const EmergencyContactsCard = lazyAfterFirstPaint(
  'screen',
  async () =>
    (await import('../../features/contacts/components/emergency-contacts-card')).EmergencyContactsCard,
);
const PermissionsOffer = lazyAfterFirstPaint(
  'screen',
  async () => (await import('../../features/permissions/components/permissions-offer')).PermissionsOffer,
);

// The quick actions (and the Your Location dialog behind them) load right after the first screen.
/** Shown by the Show/Hide Map quick action, and inside the Escort Mode dialog; Leaflet comes with it. */
// A running escort or check-in, with its last chance: loaded on demand, so the first screen stays small.
const RunningJourneyCard = lazyAfterFirstPaint(
  'screen',
  async () => (await import('../../features/journeys/components/running-journey-card')).RunningJourneyCard,
);
const SafetyMapCard = lazyAfterFirstPaint(
  'screen',
  async () => (await import('../../features/safety-map/components/safety-map-card')).SafetyMapCard,
);
/** The dialog comes from the module the /map page is in, so both share one chunk (escort-screens.ts). */
const EscortDialog = lazyDialog(
  async () => (await import('../components/escort-screens')).EscortDialog,
  ({ open }) => open,
);
const QuickActionsPanel = lazyAfterFirstPaint(
  'screen',
  async () => (await import('../components/quick-actions-panel')).QuickActionsPanel,
);

/** Stands in for the readiness card while its code loads: it is not known yet whether Beacon is ready. */
function ReadinessPlaceholder() {
  return (
    <Card data-state="checking" data-testid="system-ready" className="p-5">
      <p className="text-lg font-semibold">{READINESS_CHECKING}</p>
    </Card>
  );
}

/** Settings (profile form, sections) and notifications are downloaded the first time their dialog opens. */
const SettingsDialogContainer = lazyDialog(
  async () => (await import('../components/settings-dialog-container')).SettingsDialogContainer,
  ({ open }) => open,
);
// The menu (small screens) is needed only once its button is tapped.
const NavigationMenu = lazyDialog(
  async () => (await import('../../features/dashboard/components/navigation-menu')).NavigationMenu,
  ({ open }) => open,
);
const NotificationsDialog = lazyDialog(
  async () =>
    (await import('../../features/notifications/components/notifications-dialog')).NotificationsDialog,
  ({ open }) => open,
);

/**
 * '/', '/auth' and '/contacts' once <DashboardGate> and <RequireSession> let the person through: the dashboard.
 * See docs/PRODUCT.md#dashboard.
 */
export function DashboardRoute() {
  const { pathname, state, key } = useLocation();
  const navigate = useNavigate();
  const [firstRun, setFirstRun] = useState(false);
  const [offeredAt, setOfferedAt] = useState<string | null>(null);
  // Adjusted while rendering, not in an effect: /auth and / share this screen, so it is not mounted afresh when
  // sign-up moves the person from one to the other.
  if (isFirstRunState(state) && offeredAt !== key) {
    setOfferedAt(key);
    setFirstRun(true);
  }
  useEffect(() => {
    // Shown once: the history state is cleared at once, so a reload or Back does not offer it again.
    if (isFirstRunState(state)) void navigate(pathname, { replace: true, state: null });
  }, [state, pathname, navigate]);
  return (
    <SignedInDashboard
      focusContacts={pathname === paths.contacts}
      firstRun={firstRun}
      onFirstRunDone={() => setFirstRun(false)}
    />
  );
}

function SignedInDashboard({
  focusContacts,
  firstRun,
  onFirstRunDone,
}: {
  focusContacts: boolean;
  firstRun: boolean;
  onFirstRunDone: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [mapShown, setMapShown] = useState(false);
  const [escortOpen, setEscortOpen] = useState(false);
  const { isPremium } = useSubscription();
  const online = useOnline();
  const server = useServerStatus();
  // Lifted so an SOS without contacts can open the card's dialog in add mode.
  const contactDialog = useContactDialog();
  const { userId, flow, contacts, retryQueued } = useAppSosFlow({
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
          <SosControl flow={flow} online={online} size="md" />
        </Card>
        {firstRun ? (
          <Suspense fallback={null}>
            <PermissionsOffer onDismiss={onFirstRunDone} />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <RunningJourneyCard userId={userId} />
        </Suspense>
        <DeliveryStatusPanel userId={userId} onRetryQueued={retryQueued} />
        <Suspense fallback={<ReadinessPlaceholder />}>
          <DashboardReadiness
            server={server}
            contactCount={contacts.contacts?.length}
            onAddContact={contactDialog.openAdd}
          />
        </Suspense>
        <Suspense fallback={null}>
          <QuickActionsPanel
            onOpenSettings={() => setSettingsOpen(true)}
            onToggleMap={() => setMapShown((shown) => !shown)}
            mapShown={mapShown}
            onOpenEscort={() => setEscortOpen(true)}
          />
        </Suspense>
        {mapShown ? (
          <Suspense fallback={null}>
            <SafetyMapCard />
          </Suspense>
        ) : null}
        <EmergencyContactsSlot>
          <Suspense fallback={null}>
            <EmergencyContactsCard
              userId={userId}
              limit={isPremium ? undefined : FREE_TIER_CONTACT_LIMIT}
              dialog={contactDialog}
            />
          </Suspense>
        </EmergencyContactsSlot>
      </main>
      <NavigationMenu open={menuOpen} onOpenChange={setMenuOpen} />
      <NotificationsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} />
      <SettingsDialogContainer open={settingsOpen} onOpenChange={setSettingsOpen} />
      <EscortDialog
        open={escortOpen}
        onOpenChange={setEscortOpen}
        safetyMap={
          <Suspense fallback={null}>
            <SafetyMapCard />
          </Suspense>
        }
      />
    </>
  );
}
