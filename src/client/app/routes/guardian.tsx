import { UsersRound } from 'lucide-react';
import { NAV_TEXTS } from '#shared/ui-texts';
import { PlaceholderPage } from '../components/placeholder-page';

/** LATER WORK: placeholder for the Guardian Linking page (document 1 §2), built by a later issue. */
export function GuardianRoute() {
  return <PlaceholderPage title={NAV_TEXTS.guardian} icon={<UsersRound aria-hidden />} />;
}
