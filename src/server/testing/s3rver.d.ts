/** The little of s3rver (a local S3-compatible server for tests; it ships no types) the tests use. */
declare module 's3rver' {
  type S3rverOptions = { port?: number; address?: string; directory: string; silent?: boolean };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
