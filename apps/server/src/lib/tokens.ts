import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: used for refresh, reset and confirmation tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored as SHA-256 hashes, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
