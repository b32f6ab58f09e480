import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../integrations/storage/storage.js';

/** Storage folder of the videos (SPEC §7: media under /resources/video). */
export const TUTORIAL_PREFIX = 'resources/video';

/**
 * Copies the three tutorial videos shown after the placement test (with their subtitles and
 * posters) into storage, when missing or changed. Runs at every start like the question bank.
 */
export async function loadTutorialVideos(storage: Storage, contentDir: string): Promise<string[]> {
  const files = (await fs.readdir(contentDir).catch(() => [] as string[])).filter((f) =>
    /^tutorial-\d\.(mp4|vtt|jpg)$/.test(f),
  );
  for (const file of files) {
    const source = path.join(contentDir, file);
    const key = `${TUTORIAL_PREFIX}/${file}`;
    const [from, to] = await Promise.all([fs.stat(source), storage.head(key)]);
    if (!to || to.size !== from.size) await storage.put(key, await fs.readFile(source));
  }
  return files;
}
