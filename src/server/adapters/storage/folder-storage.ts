import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, StorageNotFound, type RecordingStorage } from './recording-storage';

/**
 * Recordings in a folder (`<DATA_DIR>/recordings/<key>`), the default. A put writes a temporary file beside the
 * object and renames it once every byte is on disk, so a reader never meets half an object and an upload cut off
 * leaves nothing behind.
 */
export function folderStorage(root: string): RecordingStorage {
  const fileOf = (key: string): string => path.join(root, ...checkKey(key).split('/'));

  return {
    kind: 'folder',

    async put(key, body, bytes) {
      // A body that fails while the folder is made is seen by the pipeline below (as cut short), not left unheard.
      body.on('error', ignore);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.part-${randomUUID()}`;
      try {
        // `flush`: the file is synced to the disk before it is closed and renamed, so a piece the phone was told is
        // on the server survives the server losing power.
        await pipeline(body, exactly(bytes), createWriteStream(temporary, { flags: 'wx', flush: true }));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read(key, range) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        throw new StorageNotFound(key);
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      checkKey(prefix);
      const directory = path.join(root, ...prefix.split('/').slice(0, -1));
      const start = prefix.split('/').at(-1) ?? '';
      let entries: string[];
      try {
        entries = await readdir(directory);
      } catch {
        return; // nothing was ever stored there
      }
      const doomed = entries.filter((entry) => entry.startsWith(start));
      await Promise.all(
        doomed.map((entry) => rm(path.join(directory, entry), { recursive: true, force: true })),
      );
    },
  };
}

const ignore = (): void => undefined;

/** Passes `bytes` bytes through; fails on more, and on fewer when the source ends. */
export function exactly(bytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > bytes) done(new Error(`More than the ${bytes} bytes announced`));
      else done(null, chunk);
    },
    flush(done) {
      done(seen === bytes ? null : new Error(`${seen} of the ${bytes} bytes announced arrived`));
    },
  });
}
