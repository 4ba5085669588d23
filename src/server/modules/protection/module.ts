import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { ServerModule } from '../server-module';
import { protectionRoutes } from './routes';
import { createProtectionService } from './service';

/**
 * AI Protection's settings (shake, loud sound, spoken keywords): the person's own, kept on the server, and sent to
 * their other devices (`protection.updated`) when they change. The detection itself runs on the phone.
 */
export function createProtectionModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
}): ServerModule {
  return { name: 'protection', routes: protectionRoutes(createProtectionService(deps)) };
}
