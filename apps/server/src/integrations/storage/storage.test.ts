import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStorage, isValidStorageKey } from './storage.js';

describe('disk storage', () => {
  it('refuses keys that could leave the storage folder', () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', '.hidden', 'a//b', '', 'a\\b']) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
    expect(isValidStorageKey('placementTest/audio/consultation-1.mp3')).toBe(true);
  });

  it('writes and finds files under its root', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-storage-'));
    try {
      const storage = diskStorage(root);
      await storage.put('placementTest/img/a.svg', Buffer.from('<svg/>'));
      expect(await storage.exists('placementTest/img/a.svg')).toBe(true);
      expect(await storage.exists('placementTest/img/b.svg')).toBe(false);
      expect(fs.readFileSync(path.join(root, 'placementTest/img/a.svg'), 'utf8')).toBe('<svg/>');
      await expect(storage.put('../x', Buffer.from(''))).rejects.toThrow();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
