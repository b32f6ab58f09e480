import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupModules, groups, units } from '../../db/schema.js';
import { tincanXml } from '../../demo/elearning-seed.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { buildZip } from '../../test/zip.js';
import { importPackage } from './content-import.service.js';
import { PACKAGE_LIMITS, PackageError, readPackage } from './package-reader.js';

const ACTIVITY = 'https://institution.example/xapi/handover-basics';
const manifest = tincanXml(ACTIVITY, 'Handover basics', 'SBAR in practice');
const files = (extra: Record<string, string> = {}) => [
  { name: 'tincan.xml', data: manifest },
  { name: 'index.html', data: '<!doctype html><title>Handover</title><script src="js/app.js"></script>' },
  { name: 'js/app.js', data: 'console.log("hello")' },
  ...Object.entries(extra).map(([name, data]) => ({ name, data })),
];

describe('content import: xAPI packages', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-packages-'));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const zip = (name: string, entries: Parameters<typeof buildZip>[0]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, buildZip(entries));
    return file;
  };
  const refusal = async (source: string, limits = PACKAGE_LIMITS) => {
    const error = await readPackage(source, limits)
      .then((f) => importPackage(ctx.database.db, ctx.storage, f, { module: 'Clinical handover' }))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(PackageError);
    return (error as Error).message;
  };

  it('imports a zip into a new module, serves its files, and updates the same unit on re-import', async () => {
    const first = await importPackage(ctx.database.db, ctx.storage, zip('v1.zip', files()), {
      module: 'Clinical handover',
      time: 20,
    });
    expect(first).toMatchObject({ created: true, activityId: ACTIVITY, files: 3 });
    const served = await ctx.app.inject({ method: 'GET', url: `/media/${first.folder}/js/app.js` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('console.log("hello")');

    const second = await importPackage(
      ctx.database.db,
      ctx.storage,
      zip('v2.zip', files({ 'extra.css': 'p{}' })),
      {
        module: 'clinical-handover',
        isFinalQuiz: true,
      },
    );
    expect(second).toMatchObject({
      created: false,
      unitId: first.unitId,
      moduleId: first.moduleId,
      files: 4,
    });
    expect(second.folder).not.toBe(first.folder);
    const [row] = await ctx.database.db.select().from(units).where(eq(units.id, first.unitId));
    expect(row).toMatchObject({
      name: 'Handover basics',
      launchPoint: 'index.html',
      isFinalQuiz: true,
      time: 20,
      filename: second.folder,
    });
  });

  it('reads a package zipped with its folder, and makes the groups named follow the module', async () => {
    const wrapped = files().map((f) => ({ ...f, name: `handover-basics/${f.name}` }));
    const result = await importPackage(ctx.database.db, ctx.storage, zip('wrapped.zip', wrapped), {
      module: 'Clinical handover',
      groups: ['Parcours Clinique'],
    });
    expect(result).toMatchObject({ created: false, files: 3 });
    const [clinique] = await ctx.database.db
      .select()
      .from(groups)
      .where(eq(groups.name, 'Parcours Clinique'));
    const followed = await ctx.database.db
      .select()
      .from(groupModules)
      .where(eq(groupModules.groupId, clinique!.id));
    expect(followed.at(-1)?.moduleId).toBe(result.moduleId);
    const served = await ctx.app.inject({ method: 'GET', url: `/media/${result.folder}/index.html` });
    expect(served.statusCode).toBe(200);
    const before = await ctx.database.db.select().from(units);
    const unknown = await importPackage(ctx.database.db, ctx.storage, zip('v3.zip', files()), {
      module: 'Clinical handover',
      groups: ['Groupe inconnu'],
    }).catch((e: Error) => e);
    expect((unknown as Error).message).toBe('No group named Groupe inconnu: nothing was imported.');
    expect(await ctx.database.db.select().from(units)).toEqual(before);
  });

  it('imports a folder the same way', async () => {
    const folder = path.join(dir, 'folder-package');
    for (const f of files()) {
      fs.mkdirSync(path.dirname(path.join(folder, f.name)), { recursive: true });
      fs.writeFileSync(path.join(folder, f.name), f.data);
    }
    const result = await importPackage(ctx.database.db, ctx.storage, folder, { module: 'Clinical handover' });
    expect(result.created).toBe(false);
  });

  it('refuses zip slip, oversized archives, lying sizes and broken manifests, changing nothing', async () => {
    const before = await ctx.database.db.select().from(units);
    expect(await refusal(zip('slip.zip', files({ '../../evil.js': 'x' })))).toBe(
      'Package refused: unsafe path "../../evil.js" (outside the package).',
    );
    expect(await refusal(zip('abs.zip', files({ '/etc/cron.d/x': 'x' })))).toContain('unsafe path');
    const small = { ...PACKAGE_LIMITS, maxTotalBytes: 1024 * 1024 };
    expect(await refusal(zip('big.zip', files({ 'video.bin': 'a'.repeat(1024 * 1024 + 1) })), small)).toBe(
      'Package refused: it is larger than 1 MB.',
    );
    // A zip bomb declares a small size and inflates to more: the inflated bytes are checked too.
    expect(
      await refusal(
        zip(
          'bomb.zip',
          files({ 'bomb.bin': Buffer.alloc(200_000).toString() }).map((e) =>
            e.name === 'bomb.bin' ? { ...e, declaredSize: 10 } : e,
          ),
        ),
      ),
    ).toContain('damaged');
    expect(
      await refusal(zip('many.zip', files({ a: '1', b: '2' })), { ...PACKAGE_LIMITS, maxFiles: 4 }),
    ).toBe('Package refused: it holds more than 4 files.');
    expect(await refusal(zip('nomanifest.zip', files().slice(1)))).toBe(
      'Package refused: tincan.xml is missing at the package root.',
    );
    expect(
      await refusal(zip('badxml.zip', [{ name: 'tincan.xml', data: '<tincan><activities>' }])),
    ).toContain('not well-formed');
    // The element names of an older draft are not the Tin Can package schema.
    const draft = manifest
      .replace(/<tincan /, '<tinCanActivities ')
      .replace('</tincan>', '</tinCanActivities>');
    expect(await refusal(zip('draft.zip', [{ name: 'tincan.xml', data: draft }]))).toContain(
      'the root element is not tincan',
    );
    expect(await refusal(zip('nolaunch.zip', [{ name: 'tincan.xml', data: manifest }]))).toBe(
      'Package refused: the launch file "index.html" is not in the package.',
    );
    const outside = tincanXml(ACTIVITY, 'x', 'y').replace(
      '<launch lang="en-GB">index.html',
      '<launch lang="en-GB">../index.html',
    );
    expect(await refusal(zip('outside.zip', [{ name: 'tincan.xml', data: outside }]))).toContain(
      'leaves the package',
    );
    expect(await refusal(path.join(dir, 'missing.zip'))).toContain('Package not found');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    expect(await refusal(path.join(dir, 'notes.txt'))).toBe('Not a package: give a folder or a .zip file.');
    fs.writeFileSync(path.join(dir, 'garbage.zip'), 'not a zip at all');
    expect(await refusal(path.join(dir, 'garbage.zip'))).toContain('damaged');
    expect(await ctx.database.db.select().from(units)).toEqual(before);
  });
});
