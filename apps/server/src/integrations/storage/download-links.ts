import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { mediaUrl, type Storage } from './storage.js';

/**
 * Stored files under these prefixes are a group's or a learner's own (`xapi/`: the learning record
 * store's attachment bodies, read through /api/xapi with its credentials): /media serves them only at
 * an address this server signed, for a limited time (decision 0015). The rest (placement media,
 * packages, resources, tutorial videos) is served to anyone who has the address.
 */
export const PRIVATE_PREFIXES = ['groups/', 'uploads/', 'recordings/', 'xapi/'];
export const isPrivateKey = (key: string) => PRIVATE_PREFIXES.some((p) => key.startsWith(p));

export interface DownloadLinks {
  /** A time-limited address of a stored file: presigned on S3, a signed /media address on disk. */
  url(key: string, options: { expiresInSeconds: number; filename?: string }): Promise<string>;
  /** Whether a /media request for `key` carries a valid, unexpired signature. */
  verify(key: string, query: { expires?: unknown; signature?: unknown; filename?: unknown }): boolean;
}

export function createDownloadLinks(storage: Storage, secret: Uint8Array, clock: Clock): DownloadLinks {
  const sign = (key: string, expires: number, filename: string) =>
    createHmac('sha256', secret).update(`media\n${key}\n${expires}\n${filename}`).digest('base64url');
  return {
    async url(key, options) {
      if (storage.presign) return storage.presign(key, options);
      const expires = Math.floor(clock.now().getTime() / 1000) + options.expiresInSeconds;
      const filename = options.filename ?? '';
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(key, expires, filename),
      });
      if (filename) query.set('filename', filename);
      return `${mediaUrl(key)}?${query}`;
    },
    verify(key, query) {
      const expires = Number(query.expires);
      if (typeof query.signature !== 'string' || !Number.isInteger(expires)) return false;
      if (expires < clock.now().getTime() / 1000) return false;
      const filename = typeof query.filename === 'string' ? query.filename : '';
      const expected = Buffer.from(sign(key, expires, filename));
      const given = Buffer.from(query.signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
