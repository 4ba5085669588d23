import { SAFETY_MAP_PAGE_TEXTS } from '#shared/safety-map-texts';
import { SafetyMapCard } from '../../features/safety-map/components/safety-map-card';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { paths } from '../../lib/paths';
import { SubPage } from '../components/sub-page';

/** /safety-map: the Safety Map card on a page of its own, for the navigation (the dashboard shows it on demand). */
export function SafetyMapRoute() {
  return (
    <SubPage
      title={SAFETY_MAP_PAGE_TEXTS.title}
      backTo={paths.home}
      backLabel={SAFETY_MAP_PAGE_TEXTS.back}
      actions={<ThemeToggle />}
      description={SAFETY_MAP_PAGE_TEXTS.description}
    >
      <SafetyMapCard />
    </SubPage>
  );
}
