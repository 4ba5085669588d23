import { useNavigate } from 'react-router';
import { OnboardingCarousel } from '../../features/onboarding/components/onboarding-carousel';
import { markOnboardingSeen } from '../../features/onboarding/utils/onboarding-seen';
import { authPath } from '../../lib/paths';

/** /welcome: Get Started opens sign-up (someone new), Skip the login (perhaps someone coming back). */
export function WelcomeRoute() {
  const navigate = useNavigate();
  return (
    <OnboardingCarousel
      onFinish={(exit) => {
        markOnboardingSeen();
        void navigate(authPath(exit === 'get-started' ? 'signup' : 'login'), { replace: true });
      }}
    />
  );
}
