import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPglite, type Database } from './client.js';

/**
 * Issue 20: the embedded database asks for no password, so it must answer our server only. It
 * listens on a Unix socket in a folder only its owner may enter — no TCP port at all — and keeps
 * its files (the token-signing key among them) owner-only.
 */
describe('the embedded database answers our server only', () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-socket-test-'));
    database = await startPglite(path.join(dataDir, 'pg'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const socketDir = () => String(database.pool.options.host);
  const mode = (p: string) => fs.statSync(p).mode & 0o777;

  it('is reached through a socket file in an owner-only folder, not a network address', async () => {
    expect(path.isAbsolute(socketDir())).toBe(true);
    expect(mode(socketDir())).toBe(0o700);
    const socket = path.join(socketDir(), '.s.PGSQL.5432');
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(mode(socket)).toBe(0o600);
    expect(mode(path.join(dataDir, 'pg'))).toBe(0o700);
    expect((await database.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses another user of the machine', () => {
    const socket = path.join(socketDir(), '.s.PGSQL.5432');
    // Another account: `nobody` when the tests run as root (as CI does), else this account is the
    // owner and the folder's mode (checked above) is what keeps the others out.
    const uid = process.getuid?.() === 0 ? 65534 : null;
    const probe = spawnSync(
      process.execPath,
      [
        '-e',
        `require('net').connect(${JSON.stringify(socket)}).on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); });`,
      ],
      { encoding: 'utf8', ...(uid !== null ? { uid, gid: 65534 } : {}), timeout: 10_000 },
    );
    if (uid !== null) expect(probe.stdout.trim()).toBe('EACCES');
    else expect(probe.stdout.trim()).toBe('connected');
  });

  it('removes its socket folder when closed', async () => {
    const other = await startPglite('memory://');
    const dir = String(other.pool.options.host);
    expect(fs.existsSync(dir)).toBe(true);
    await other.close();
    expect(fs.existsSync(dir)).toBe(false);
  });
});
