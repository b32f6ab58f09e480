import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Stored files (placement media, videos, resources), addressed by keys like
 * `placementTest/audio/consultation.mp3` and served under /media/{key}. The offline default is
 * the local disk under DATA_DIR/files; an S3-compatible store can implement the same interface.
 */
export interface Storage {
  /** Where the disk store keeps files, for the static file server (Range requests, ETags). */
  readonly root: string;
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are plain relative paths: no '..', no absolute paths, no hidden files. */
export function isValidStorageKey(key: string): boolean {
  const segments = key.split('/');
  return key.length <= 300 && segments.length > 0 && segments.every((s) => SEGMENT.test(s) && s !== '..');
}

function resolveKey(root: string, key: string): string {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
  return path.join(root, ...key.split('/'));
}

export function diskStorage(root: string): Storage {
  const absolute = path.resolve(root);
  // The static file server needs the folder to exist from the start.
  mkdirSync(absolute, { recursive: true });
  return {
    root: absolute,
    async put(key, data) {
      const file = resolveKey(absolute, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async exists(key) {
      try {
        await fs.access(resolveKey(absolute, key));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The address under which the server serves a stored file (segments URL-encoded). */
export const mediaUrl = (key: string) => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
