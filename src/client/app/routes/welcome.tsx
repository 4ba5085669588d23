import { useNavigate } from 'react-router';
import { OnboardingCarousel } from '../../features/onboarding/components/onboarding-carousel';
import { markOnboardingSeen } from '../../features/onboarding/utils/onboarding-seen';
import { paths } from '../../lib/paths';

export function WelcomeRoute() {
  const navigate = useNavigate();
  return (
    <OnboardingCarousel
      onFinish={() => {
        markOnboardingSeen();
        navigate(paths.auth, { replace: true });
      }}
    />
  );
}
