/** The part of s3rver (a local S3 server, for the S3 media store's tests) that the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{ name: string; configs: unknown[] }>;
    });
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
}
