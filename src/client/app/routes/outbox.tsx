import { SmsOutboxPage } from '../../features/dev-outbox/components/sms-outbox-page';
import { paths } from '../../lib/paths';

/** /outbox: the dev SMS outbox, for people trying Beacon without an SMS provider. Signed-in only. */
export function OutboxRoute() {
  return <SmsOutboxPage homePath={paths.home} />;
}
