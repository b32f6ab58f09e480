import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../test/zip.js';

const serverDir = path.resolve(import.meta.dirname, '../..');
const cli = path.join(serverDir, 'src/cli/content-import.ts');

/**
 * `npm run content:import` as staff run it: a refused package prints its reason — no stack trace —
 * and exits 1, before the database is even opened (no DATA_DIR/pg is made).
 */
describe('content:import command', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-cli-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[]) => {
    const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
    const outcome = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: serverDir,
      // The shared package from its sources, as the tests read it.
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: path.join(serverDir, 'tsconfig.tests.json'),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );
    return { ...outcome, databaseOpened: fs.existsSync(path.join(dataDir, 'pg')) };
  };
  const zip = (name: string, entries: Parameters<typeof buildZip>[0]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, buildZip(entries));
    return file;
  };

  it('asks for one of --module and --new-module', async () => {
    const both = await run(['x.zip', '--module', 'a', '--new-module', 'b']);
    expect(both.code).toBe(2);
    expect(both.stdout).toContain('(--module <module key or name> | --new-module <module name>)');
  }, 60_000);

  it('refuses a package holding .git/ with its message and exit code 1, no stack trace', async () => {
    const result = await run([
      zip('git.zip', [
        { name: 'tincan.xml', data: '<tincan/>' },
        { name: '.git/HEAD', data: 'ref: refs/heads/main' },
      ]),
      '--module',
      'patient-history',
    ]);
    expect(result).toMatchObject({ code: 1, stdout: '', databaseOpened: false });
    expect(result.stderr.trim()).toBe(
      'Package refused: it holds hidden files or folders that are no part of a course (".git/"); ' +
        'a .git folder holds a project history that would be published with the course. Zip the course ' +
        'without them, or import with --skip-hidden to leave them out.',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('lists every problem of a cmi5 course structure', async () => {
    const result = await run([
      zip('cmi5.zip', [
        {
          name: 'cmi5.xml',
          data: `<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="urn:c"><title><langstring>C</langstring></title><description><langstring>d</langstring></description></course>
  <au id="urn:au" moveOn="Done"><title><langstring>A</langstring></title><description><langstring>d</langstring></description><url>a.html?registration=1</url></au>
</courseStructure>`,
        },
      ]),
      '--new-module',
      'Anything',
    ]);
    expect(result).toMatchObject({ code: 1, databaseOpened: false });
    expect(result.stderr.trim().split('\n')).toEqual([
      'Package refused: cmi5.xml is not valid (cmi5 13, CourseStructure.xsd); 3 problems:',
      `  - the <url> of <au id="urn:au"> carries registration in its query: cmi5 launch parameters are the LMS's (cmi5 8.1)`,
      '  - the <url> of <au id="urn:au"> names a.html, which is not in the package',
      '  - <au id="urn:au"> has an unknown moveOn "Done" (Passed, Completed, CompletedAndPassed, CompletedOrPassed, NotApplicable)',
    ]);
  }, 60_000);
});
