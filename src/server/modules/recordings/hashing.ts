import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * Passes bytes through while taking their SHA-256 and counting them: a piece is hashed once, as it arrives on its
 * way to storage, never read back. `digest()` is valid once the stream has ended.
 */
export function hashingStream(): { stream: Transform; digest(): { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  let sha256: string | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      sha256 = hash.digest('hex');
      done();
    },
  });
  return {
    stream,
    digest() {
      if (sha256 === null) throw new Error('The piece has not ended yet');
      return { sha256, bytes };
    },
  };
}
