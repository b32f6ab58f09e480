import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../demo/seed.js';
import { startPglite } from './client.js';
import { migrateDatabase } from './migrate.js';
import { notifications, users } from './schema.js';

describe('the embedded database under DATA_DIR', () => {
  it('keeps every row across a restart, and the seed does not run twice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-data-'));
    try {
      const first = await startPglite(path.join(dir, 'pg'));
      await migrateDatabase(first.db);
      expect(await seedDemoIfEmpty(first.db)).toBe(true);
      await first.db.insert(notifications).values({ message: 'kept after restart' });
      await first.close();

      const second = await startPglite(path.join(dir, 'pg'));
      await migrateDatabase(second.db);
      expect(await seedDemoIfEmpty(second.db)).toBe(false);
      const [u] = await second.db.select({ n: count() }).from(users);
      const [n] = await second.db.select({ n: count() }).from(notifications);
      expect(u!.n).toBe(4);
      expect(n!.n).toBe(5);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
