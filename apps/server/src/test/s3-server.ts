import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-speaking server on loopback (s3rver), for the S3 storage adapter's tests: the adapter is
 * the real AWS SDK client, and this server answers the real protocol (signatures, ranges,
 * listings, presigned URLs). Its account is s3rver's own, S3RVER / S3RVER.
 */
export async function startS3Server(bucket = 'medenglish-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** A STORAGE_URL for this server, optionally under a key prefix. */
    storageUrl: (prefix = '') =>
      `s3://S3RVER:S3RVER@${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
