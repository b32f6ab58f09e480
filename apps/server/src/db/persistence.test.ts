import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDashboardIfEmpty } from '../demo/dashboard-seed.js';
import { seedDemoIfEmpty } from '../demo/seed.js';
import { diskStorage } from '../integrations/storage/disk-storage.js';
import { startPglite } from './client.js';
import { migrateDatabase } from './migrate.js';
import { modules, notifications, users } from './schema.js';

describe('the embedded database under DATA_DIR', () => {
  it('keeps every row across a restart, and the seed does not run twice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-data-'));
    const storage = diskStorage(path.join(dir, 'files'));
    try {
      const first = await startPglite(path.join(dir, 'pg'));
      await migrateDatabase(first.db);
      expect(await seedDemoIfEmpty(first.db)).toBe(true);
      expect(await seedDashboardIfEmpty(first.db, storage)).toBe(true);
      await first.db.insert(notifications).values({ message: 'kept after restart' });
      await first.close();

      const second = await startPglite(path.join(dir, 'pg'));
      await migrateDatabase(second.db);
      expect(await seedDemoIfEmpty(second.db)).toBe(false);
      const [u] = await second.db.select({ n: count() }).from(users);
      const [n] = await second.db.select({ n: count() }).from(notifications);
      expect(u!.n).toBe(8); // 5 learners, 3 staff
      expect(n!.n).toBe(8); // the 7 seeded and the one added
      expect(await seedDashboardIfEmpty(second.db, storage)).toBe(false);
      const [m] = await second.db.select({ n: count() }).from(modules);
      expect(m!.n).toBe(4);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
