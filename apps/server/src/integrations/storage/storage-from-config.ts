import path from 'node:path';
import { diskStorage } from './disk-storage.js';
import { parseS3Url, s3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/**
 * The store STORAGE_URL names: `s3://bucket/prefix?endpoint=…` for S3 (s3-storage.ts), or the
 * local disk under DATA_DIR/files when it is unset (or `file:///a/folder`).
 */
export function storageFromConfig(config: { STORAGE_URL?: string; DATA_DIR: string }): Storage {
  const url = config.STORAGE_URL;
  if (!url) return diskStorage(path.join(config.DATA_DIR, 'files'));
  if (url.startsWith('s3://')) return s3Storage(parseS3Url(url));
  if (url.startsWith('file://')) return diskStorage(new URL(url).pathname);
  throw new Error('STORAGE_URL must be s3://bucket[/prefix]?endpoint=… or file:///folder');
}
