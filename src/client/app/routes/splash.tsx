import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SplashScreen } from '../../features/onboarding/components/splash-screen';
import { paths } from '../../lib/paths';

export function SplashRoute() {
  const navigate = useNavigate();
  const done = useCallback(() => navigate(paths.welcome, { replace: true }), [navigate]);
  return <SplashScreen onDone={done} />;
}
