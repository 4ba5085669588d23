import { useNavigate } from 'react-router';
import { APP_NAV_TEXTS } from '#shared/dashboard-texts';
import { SOS_BUTTON_ID } from '../../features/sos/components/sos-button';
import { paths } from '../../lib/paths';

const FOCUS_TRIES = 20;
const FOCUS_RETRY_MS = 50;

/** Focuses the SOS button once it is on the page (after a navigation to /sos it renders a moment later). */
function focusSosButton(triesLeft: number): void {
  const button = document.getElementById(SOS_BUTTON_ID);
  if (button) {
    button.focus();
    button.scrollIntoView?.({ block: 'center' });
    return;
  }
  if (triesLeft > 0) window.setTimeout(() => focusSosButton(triesLeft - 1), FOCUS_RETRY_MS);
}

/**
 * The first thing a keyboard or switch user reaches: "Skip to SOS" (WCAG 2.4.1). It moves focus to the SOS
 * button on this screen, or opens /sos on a screen without one. Visible only while focused.
 */
export function SkipToSosLink() {
  const navigate = useNavigate();
  return (
    <a
      href={`#${SOS_BUTTON_ID}`}
      onClick={(event) => {
        event.preventDefault();
        if (!document.getElementById(SOS_BUTTON_ID)) void navigate(paths.sos);
        focusSosButton(FOCUS_TRIES);
      }}
      className="sr-only rounded-lg bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:outline-none focus:ring-2 focus:ring-foreground focus:ring-offset-2"
    >
      {APP_NAV_TEXTS.skipToSos}
    </a>
  );
}
