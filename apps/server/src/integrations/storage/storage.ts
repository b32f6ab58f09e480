import type { Readable } from 'node:stream';

/**
 * Stored files (placement media, tutorial videos, e-learning packages, resources, group
 * documents), addressed by keys like `placementTest/audio/consultation.mp3` and served under
 * /media/{key} (media-route.ts). No caller knows where a file lives: the local disk under
 * DATA_DIR/files by default (disk-storage.ts), or an S3 bucket by STORAGE_URL (s3-storage.ts,
 * decision 0015).
 */
export interface Storage {
  /** Names the store in logs and the README: 'disk' or 's3'. */
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, options?: { contentType?: string }): Promise<void>;
  /** The file, or a byte range of it (both ends inclusive); null when there is no such key. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix ('content/abc'), in key order, with when each was last written. */
  list(prefix: string): Promise<ListedObject[]>;
  /**
   * A time-limited address of the file on the store itself, for stores browsers can reach (S3's
   * presigned URLs). Absent on disk, where download-links.ts signs a /media address instead.
   */
  presign?(key: string, options: { expiresInSeconds: number; filename?: string }): Promise<string>;
}

export interface ObjectInfo {
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** The bytes sent, when a range was asked for. */
  range?: { start: number; end: number };
}

export interface ByteRange {
  start: number;
  end: number;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are plain relative paths: no '..', no absolute paths, no hidden files. */
export function isValidStorageKey(key: string): boolean {
  const segments = key.split('/');
  return key.length <= 300 && segments.length > 0 && segments.every((s) => SEGMENT.test(s) && s !== '..');
}

export function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

/** The address under which the server serves a stored file (segments URL-encoded). */
export const mediaUrl = (key: string) => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
