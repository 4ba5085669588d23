import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { RecordingStorage } from '../../adapters/storage/recording-storage';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import type {
  AlertsPort,
  EscortsPort,
  ProfilesPort,
  PushSubscriptionsPort,
  ShareLinksPort,
  ViewLogPort,
} from './ports';
import type { PieceSignal } from './piece-signal';
import type { RecordingKeys } from './recording-keys';

/** What the recordings module's operations use (each file takes this, or the part it needs). */
export type RecordingDeps = {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  storage: RecordingStorage;
  publisher: RealtimePublisher;
  keys: RecordingKeys;
  /** This instance's news of stored pieces and seals, so its media streams need not wait for their next poll. */
  signal: PieceSignal;
  /** Hours a recording is kept after it ended (RECORDING_RETENTION_HOURS). */
  retentionHours: number;
  /** Asks the scheduler to look for due work of a kind now (the guardians' push just queued). */
  wakeJobs: (kind: string) => void;
  profiles: ProfilesPort;
  pushSubscriptions: PushSubscriptionsPort;
  alerts: AlertsPort;
  escorts: EscortsPort;
  shareLinks: ShareLinksPort;
  /** Logs a guardian's or a link holder's playback for the owner (who has looked). */
  views: ViewLogPort;
};
