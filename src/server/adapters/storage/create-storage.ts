import path from 'node:path';
import type { Config } from '../../config';
import { folderStorage } from './folder-storage';
import type { RecordingStorage } from './recording-storage';
import { s3Storage } from './s3-storage';

/** The bucket when S3_* is set, else `<DATA_DIR>/recordings` (the S3 SDK is then never loaded). */
export async function createRecordingStorage(
  config: Pick<Config, 'dataDir' | 's3'>,
): Promise<RecordingStorage> {
  return config.s3 ? s3Storage(config.s3) : folderStorage(path.join(config.dataDir, 'recordings'));
}
