import { useJourneyHeartbeat } from '../../features/journeys/hooks/use-journey-heartbeat';
import { useSoundPreferenceSync } from '../hooks/use-sound-preference-sync';

/**
 * Signed-in work that needs no screen and may start a moment after the first one has shown, so it loads on
 * demand (session-scope.tsx): the journey heartbeat on every screen, and every sound following the person's
 * Sound setting. Renders nothing.
 */
export function JourneyBackground({ userId }: { userId: string }) {
  useJourneyHeartbeat(userId);
  useSoundPreferenceSync(userId);
  return null;
}
