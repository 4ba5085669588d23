import type { AccessPolicy } from '../../access/policy';
import type { ChannelSenders } from '../../adapters/channels';
import type { Clock } from '../../adapters/clock';
import type { RecordingStorage } from '../../adapters/storage/recording-storage';
import type { Database, Queryable } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { ServerModule } from '../server-module';
import { createPieceSignal } from './piece-signal';
import type {
  AlertsPort,
  EscortsPort,
  LinkFacts,
  ProfilesPort,
  PushSubscriptionsPort,
  ShareLinksPort,
  ViewLogPort,
} from './ports';
import { cutOffJob, enqueuePurge, PURGE_JOB, purgeJob, retentionJob } from './recording-chores';
import { loadRecordingKeys } from './recording-keys';
import { recordingPushJob } from './recording-push-job';
import { recordingRoutes } from './routes';
import { createRecordingService } from './service';
import type { Recording } from '#shared/schemas/recording';

/** What the module offers other modules (app.ts hands it over). */
export type RecordingsOffer = {
  /** The share-links module: the recordings a link plays, for the tracking page. */
  forLinks: { playableByLink(db: Queryable, link: LinkFacts): Promise<Recording[]> };
  /** The auth module: deleting an account deletes the person's stored recordings. */
  accountDeletion: {
    deleteWithAccount(tx: Queryable, userId: string, now: Date): Promise<void>;
    afterDeletion(): void;
  };
};

/**
 * Emergency recordings: pieces uploaded as they are recorded, hashed on arrival, followed live, sealed with a
 * signed hash chain, deleted after `retentionHours` (service.ts; docs/decisions/032-recordings-evidence-upload.md).
 */
export async function createRecordingsModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  storage: RecordingStorage;
  publisher: RealtimePublisher;
  channels: ChannelSenders;
  retentionHours: number;
  pushLeaseMs: number;
  wakeJobs: (kind: string) => void;
  profiles: ProfilesPort;
  pushSubscriptions: PushSubscriptionsPort;
  alerts: AlertsPort;
  escorts: EscortsPort;
  shareLinks: ShareLinksPort;
  views: ViewLogPort;
  /** Calls back with the person's id whenever they stop all sharing, on any instance (the realtime hub). */
  onSharingStopped: (listener: (ownerId: string) => void) => void;
}): Promise<{ module: ServerModule } & RecordingsOffer> {
  const operations = {
    ...deps,
    keys: await loadRecordingKeys(deps.db),
    signal: createPieceSignal(),
  };
  const service = createRecordingService(operations);
  deps.onSharingStopped((ownerId) => {
    void service.wakeStreamsOf(ownerId).catch(() => undefined);
  });
  return {
    module: {
      name: 'recordings',
      routes: recordingRoutes(service),
      jobs: [
        cutOffJob(operations),
        retentionJob(operations),
        purgeJob(operations),
        recordingPushJob({ channels: deps.channels, leaseMs: deps.pushLeaseMs }),
      ],
    },
    forLinks: { playableByLink: (db, link) => service.forLink(db, link) },
    accountDeletion: {
      deleteWithAccount: enqueuePurge,
      afterDeletion: () => deps.wakeJobs(PURGE_JOB),
    },
  };
}
