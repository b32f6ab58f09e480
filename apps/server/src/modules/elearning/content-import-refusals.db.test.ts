import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmi5Units, modules, units } from '../../db/schema.js';
import { tincanXml } from '../../demo/elearning-seed.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { buildZip } from '../../test/zip.js';
import { importPackage, type ImportOptions } from './content-import.service.js';
import { PackageError } from './package-reader.js';
import type { Storage } from '../../integrations/storage/storage.js';

const NS = 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd';
const tincan = (activity: string) => [
  { name: 'tincan.xml', data: tincanXml(activity, 'Refusals', 'A package for the refusals') },
  { name: 'index.html', data: '<!doctype html><title>Refusals</title>' },
];

/**
 * What `npm run content:import` refuses, and that a refused import changes nothing: no module,
 * no unit, no cmi5 row, no stored file. The module is found by its key or name, never doubled.
 */
describe('content import: refusals that change nothing, and the module by key or name', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-refusals-'));
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
  const snapshot = async () => ({
    modules: await ctx.database.db.select().from(modules).orderBy(modules.key),
    units: await ctx.database.db.select().from(units).orderBy(units.id),
    cmi5: await ctx.database.db.select().from(cmi5Units).orderBy(cmi5Units.unitId),
    stored: (await ctx.storage.list('content')).map((f) => f.key),
  });
  const refusal = async (source: string, options: ImportOptions) => {
    const before = await snapshot();
    const error = await importPackage(ctx.database.db, ctx.storage, source, options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PackageError);
    expect(await snapshot()).toEqual(before);
    return (error as Error).message;
  };

  it('refuses a cmi5 course that breaks the course structure, listing every problem, and imports nothing', async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="${NS}">
  <course id="https://publisher.example/refused"><title><langstring>Refused</langstring></title><description><langstring>d</langstring></description></course>
  <objectives>
    <objective id="not an iri"><title><langstring>O</langstring></title><description><langstring>d</langstring></description></objective>
  </objectives>
  <au id="https://publisher.example/refused/au">
    <url>index.html?endpoint=https://lrs.example/</url>
    <title><langstring>AU</langstring></title><description><langstring>d</langstring></description>
  </au>
</courseStructure>`;
    const message = await refusal(
      zip('refused-cmi5.zip', [
        { name: 'cmi5.xml', data: xml },
        { name: 'index.html', data: '<!doctype html>' },
      ]),
      { module: 'A module the refused course would create', groups: ['Parcours Clinique'] },
    );
    expect(message.split('\n')).toEqual([
      'Package refused: cmi5.xml is not valid (cmi5 13, CourseStructure.xsd); 4 problems:',
      '  - the id "not an iri" of a <objective> is not an IRI (an absolute IRI with a scheme, like https://…)',
      '  - <au id="https://publisher.example/refused/au">: <title> is out of order (the order is title, description, objectives, url, launchParameters, entitlementKey)',
      '  - <au id="https://publisher.example/refused/au">: <description> is out of order (the order is title, description, objectives, url, launchParameters, entitlementKey)',
      `  - the <url> of <au id="https://publisher.example/refused/au"> carries endpoint in its query: cmi5 launch parameters are the LMS's (cmi5 8.1)`,
    ]);
  });

  it('finds the module by its key or its name, case and spacing aside, and never makes a second one', async () => {
    const [history] = await ctx.database.db.select().from(modules).where(eq(modules.key, 'patient-history'));
    expect(history!.name).toBe('Taking a patient history');
    // The name once made a new module keyed "taking-a-patient-history", named the same.
    for (const [n, ref] of [
      'Taking a patient history',
      '  taking A  patient HISTORY ',
      'patient-history',
    ].entries()) {
      const result = await importPackage(
        ctx.database.db,
        ctx.storage,
        zip(`history-${n}.zip`, tincan('https://institution.example/xapi/refusals/history')),
        { module: ref, createModule: false },
      );
      expect(result).toMatchObject({
        moduleId: history!.id,
        module: { key: 'patient-history', name: 'Taking a patient history', created: false },
      });
    }
    // Asked to create it, the import finds it too.
    const again = await importPackage(
      ctx.database.db,
      ctx.storage,
      zip('history-new.zip', tincan('https://institution.example/xapi/refusals/history')),
      { module: 'Taking a patient history', createModule: true },
    );
    expect(again.moduleId).toBe(history!.id);
    const named = await ctx.database.db
      .select()
      .from(modules)
      .where(eq(modules.name, 'Taking a patient history'));
    expect(named).toHaveLength(1);
  });

  it('refuses a module that matches none or several, naming the modules, and stores nothing', async () => {
    const unknown = await refusal(
      zip('unknown.zip', tincan('https://institution.example/xapi/refusals/unknown')),
      {
        module: 'Cardiology',
        createModule: false,
      },
    );
    expect(unknown).toContain(
      'No module with the key or name "Cardiology": nothing was imported. The modules are:\n',
    );
    expect(unknown).toContain('\n  patient-history — Taking a patient history\n');
    expect(unknown).toContain('--new-module "Cardiology" to create it');

    // Two modules of one name (as the import once made): the key decides.
    await ctx.database.db.insert(modules).values([
      { key: 'ward-english-a', name: 'Ward English' },
      { key: 'ward-english-b', name: 'Ward English' },
    ]);
    const several = await refusal(
      zip('several.zip', tincan('https://institution.example/xapi/refusals/ward')),
      {
        module: 'ward english',
        createModule: false,
      },
    );
    expect(several).toBe(
      'Several modules are named "ward english": nothing was imported. Give --module the key of one:\n' +
        '  ward-english-a — Ward English\n  ward-english-b — Ward English',
    );
    const chosen = await importPackage(
      ctx.database.db,
      ctx.storage,
      zip('ward.zip', tincan('https://institution.example/xapi/refusals/ward')),
      { module: 'ward-english-b', createModule: false },
    );
    expect(chosen.module).toEqual({ key: 'ward-english-b', name: 'Ward English', created: false });

    // Created when asked, once.
    const created = await importPackage(
      ctx.database.db,
      ctx.storage,
      zip('cardiology.zip', tincan('https://institution.example/xapi/refusals/cardiology')),
      { module: ' Cardiology ', createModule: true },
    );
    expect(created.module).toEqual({ key: 'cardiology', name: 'Cardiology', created: true });
  });

  it('refuses a package holding .git/ or other hidden files with their names, or leaves them out when asked', async () => {
    const entries = [
      ...tincan('https://institution.example/xapi/refusals/hidden'),
      { name: '.git/HEAD', data: 'ref: refs/heads/main' },
      { name: '.git/objects/ab/cdef', data: 'x' },
      { name: '.gitignore', data: 'node_modules' },
      { name: 'js/.env', data: 'SECRET=1' },
      // What zip tools add goes without a word.
      { name: '__MACOSX/._index.html', data: 'x' },
      { name: '.DS_Store', data: 'x' },
      { name: 'js/Thumbs.db', data: 'x' },
    ];
    const expected =
      'Package refused: it holds hidden files or folders that are no part of a course (".git/", ".gitignore", "js/.env"); ' +
      'a .git folder holds a project history that would be published with the course. Zip the course ' +
      'without them, or import with --skip-hidden to leave them out.';
    expect(await refusal(zip('hidden.zip', entries), { module: 'patient-history' })).toBe(expected);

    // A folder: its .git is not even walked.
    const folder = path.join(dir, 'hidden-folder');
    for (const entry of entries) {
      fs.mkdirSync(path.dirname(path.join(folder, entry.name)), { recursive: true });
      fs.writeFileSync(path.join(folder, entry.name), entry.data);
    }
    expect(await refusal(folder, { module: 'patient-history' })).toBe(expected);

    const skipped = await importPackage(ctx.database.db, ctx.storage, zip('hidden-skip.zip', entries), {
      module: 'patient-history',
      skipHidden: true,
    });
    expect(skipped).toMatchObject({ files: 2, skipped: ['.git/', '.gitignore', 'js/.env'] });
    const stored = (await ctx.storage.list(skipped.folder)).map((f) =>
      f.key.slice(skipped.folder.length + 1),
    );
    expect(stored.sort()).toEqual(['index.html', 'tincan.xml']);
  });

  it('takes back the files it stored when the import fails after storing them', async () => {
    const before = await snapshot();
    let puts = 0;
    const failing: Storage = {
      ...ctx.storage,
      put: async (key, data, options) => {
        if (++puts === 2) throw new Error('disk full');
        return ctx.storage.put(key, data, options);
      },
    };
    await expect(
      importPackage(
        ctx.database.db,
        failing,
        zip('disk-full.zip', tincan('https://institution.example/xapi/refusals/disk-full')),
        { module: 'A module the failed import would create' },
      ),
    ).rejects.toThrow('disk full');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses file names the content store cannot hold, by name, before storing anything', async () => {
    const message = await refusal(
      zip('names.zip', [
        ...tincan('https://institution.example/xapi/refusals/names'),
        { name: 'media/my clip.mp4', data: 'x' },
      ]),
      { module: 'patient-history' },
    );
    expect(message).toBe(
      'Package refused: file names the content store cannot hold ("media/my clip.mp4"); use letters, digits, ' +
        "'.', '_' and '-' (no spaces), with no part of a path starting with '.'.",
    );
  });
});
