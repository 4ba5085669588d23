import { useEffect, useRef, useState } from 'react';
import { ESCORT } from '#shared/constants';
import { secondsUntil } from '../../../lib/journey-format';

/**
 * Seconds left until the server's `deadline_at`, re-read every second, so a reload or a second device shows the
 * same time. Reaching 0 decides nothing: the server expires the session. `onWarning` runs once per deadline, when
 * the time left crosses ESCORT.warningSeconds while this screen is open.
 */
export function useEscortCountdown(deadlineAt: string | null, onWarning?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadlineAt) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadlineAt]);

  const seconds = deadlineAt ? secondsUntil(deadlineAt, now) : null;
  const warning = useRef(onWarning);
  useEffect(() => {
    warning.current = onWarning;
  });
  // Which deadline has warned, and the time left last seen for it (a crossing needs a previous value above).
  const last = useRef<{ deadlineAt: string; seconds: number; warned: boolean } | null>(null);
  useEffect(() => {
    if (!deadlineAt || seconds === null) return;
    const previous = last.current?.deadlineAt === deadlineAt ? last.current : null;
    const crossed =
      previous !== null &&
      !previous.warned &&
      previous.seconds > ESCORT.warningSeconds &&
      seconds <= ESCORT.warningSeconds &&
      seconds > 0;
    if (crossed) warning.current?.();
    last.current = { deadlineAt, seconds, warned: (previous?.warned ?? false) || crossed };
  }, [deadlineAt, seconds]);
  return seconds;
}
