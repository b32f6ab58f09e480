import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { groupFiles, groupModules, groups, modules } from '../db/schema.js';
import type { Storage } from '../integrations/storage/storage.js';
import { importPackage, type PackageFiles } from '../modules/elearning/index.js';
import { demoContentDir } from './content-paths.js';
import { addDays } from './demo-dates.js';
import { simplePdf } from './simple-pdf.js';

export const elearningDir = path.join(demoContentDir, 'elearning');
const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

interface OutlineUnit {
  key: string;
  name: string;
  time: number;
  isFinalQuiz?: boolean;
}
export interface OutlineModule {
  key: string;
  name: string;
  objectives: { title: string; content: string[] }[];
  units: OutlineUnit[];
}
interface ModuleFile {
  summary: string;
  revision: { title: string; sections: { heading: string; points: string[] }[] };
}

/** The xAPI activity id of a demo unit, declared by its package's tincan.xml. */
export const demoActivityId = (moduleKey: string, unitKey: string) =>
  `https://medenglish.example/xapi/activities/${moduleKey}/${unitKey}`;

export const readOutline = async () =>
  (await readJson<{ modules: OutlineModule[] }>(path.join(elearningDir, 'course-outline.json'))).modules;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tincan.xml of a demo unit, as Rise or Storyline would write it. */
export function tincanXml(activityId: string, name: string, description: string): string {
  return `<?xml version="1.0" encoding="utf-8" ?>
<tincan xmlns="http://projecttincan.com/tincan.xsd">
  <activities>
    <activity id="${escapeXml(activityId)}" type="http://adlnet.gov/expapi/activities/lesson">
      <name lang="en-GB">${escapeXml(name)}</name>
      <description lang="en-GB">${escapeXml(description)}</description>
      <launch lang="en-GB">index.html</launch>
    </activity>
  </activities>
</tincan>
`;
}

/**
 * A demo unit as a real xAPI package: the player (shared by every demo unit, kept once in
 * player/) with the unit's lesson and exercises, and its manifest.
 */
export async function buildDemoPackage(
  moduleKey: string,
  unit: OutlineUnit,
  moduleName: string,
): Promise<PackageFiles> {
  const playerDir = path.join(elearningDir, 'player');
  const files: PackageFiles = new Map();
  for (const name of ['index.html', 'player.js', 'player.css']) {
    files.set(name, await readFile(path.join(playerDir, name)));
  }
  files.set('unit.json', await readFile(path.join(elearningDir, 'units', moduleKey, `${unit.key}.json`)));
  files.set(
    'tincan.xml',
    Buffer.from(tincanXml(demoActivityId(moduleKey, unit.key), unit.name, `${moduleName}: ${unit.name}`)),
  );
  return files;
}

/** The revision sheet of a module as the lines of a PDF. */
function revisionLines(sheet: ModuleFile['revision']): string[] {
  return sheet.sections.flatMap((section, i) => [
    ...(i === 0 ? [] : ['']),
    section.heading.toUpperCase(),
    ...section.points.map((p) => `- ${p}`),
  ]);
}

/**
 * The demo course: each module with its summary, objectives, thumbnail and revision PDF, then
 * each unit imported as a package by the import command's own code. Creates or updates: run at
 * every start of a demo (decision 0009), so a demo database keeps up with the content files.
 */
export async function seedCourse(tx: Executor, storage: Storage): Promise<Map<string, string>> {
  const outline = await readOutline();
  const moduleIds = new Map<string, string>();
  for (const m of outline) {
    const file = await readJson<ModuleFile>(path.join(elearningDir, 'modules', `${m.key}.json`));
    const thumbnail = `thumbnail/modules/${m.key}.svg`;
    await storage.put(thumbnail, await readFile(path.join(elearningDir, 'thumbnails', `${m.key}.svg`)));
    const revision = `modules/${m.key}/revision-sheet.pdf`;
    await storage.put(revision, simplePdf(file.revision.title, revisionLines(file.revision)));
    const values = {
      name: m.name,
      summary: file.summary,
      isRise: true,
      objectives: m.objectives,
      thumbnail,
      revisionFile: [{ fileName: revision, title: file.revision.title }],
    };
    const [row] = await tx
      .insert(modules)
      .values({ key: m.key, ...values })
      .onConflictDoUpdate({ target: modules.key, set: values })
      .returning({ id: modules.id });
    moduleIds.set(m.key, row!.id);
    for (const [position, unit] of m.units.entries()) {
      await importPackage(tx, storage, await buildDemoPackage(m.key, unit, m.name), {
        module: m.key,
        name: unit.name,
        isFinalQuiz: unit.isFinalQuiz ?? false,
        // Lesson units report a score that counts in the success rate, as a Rise unit's does.
        isRise: !unit.isFinalQuiz,
        time: unit.time,
        position,
      });
    }
  }
  return moduleIds;
}

/** Modules followed by each demo group, by module key, in course order. */
const GROUP_MODULES: Record<string, string[]> = {
  'S3 – Groupe A': ['patient-history', 'pain-and-symptoms', 'body-and-anatomy', 'medication-prescriptions'],
  'S3 – Groupe B': ['patient-history', 'pain-and-symptoms', 'body-and-anatomy', 'medication-prescriptions'],
  'S1 – Groupe A': ['body-and-anatomy', 'patient-history'],
  'Parcours Clinique': ['patient-history', 'pain-and-symptoms', 'medication-prescriptions'],
  'S3 – Groupe unique': ['patient-history', 'body-and-anatomy'],
};

export async function linkGroupModules(tx: Executor, moduleIds: Map<string, string>) {
  const groupRows = await tx.select({ id: groups.id, name: groups.name }).from(groups);
  const links = groupRows.flatMap((g) =>
    (GROUP_MODULES[g.name] ?? []).map((key, position) => ({
      groupId: g.id,
      moduleId: moduleIds.get(key)!,
      position,
    })),
  );
  if (links.length > 0) await tx.insert(groupModules).values(links);
}

interface ResourceEntry {
  title: string;
  file: string;
  thumbnail: string;
  kind: 'pdf' | 'ppt' | 'video';
  captions?: string;
}

/**
 * The course resources of a group (SPEC §2 /elearning/resources): files of kind `resources`
 * downloaded through POST /googlestorage/download, described by the group's elearningResources
 * (title, filename, thumbnail).
 */
export async function seedGroupResources(tx: Executor, storage: Storage, groupId: string, now: Date) {
  const dir = path.join(elearningDir, 'resources');
  const entries = await readJson<ResourceEntry[]>(path.join(dir, 'resources.json'));
  const described = [];
  for (const [i, entry] of entries.entries()) {
    const folder = `groups/${groupId}/resources/${randomUUID()}`;
    await storage.put(`${folder}/${entry.file}`, await readFile(path.join(dir, entry.file)));
    if (entry.captions) {
      await storage.put(`${folder}/${entry.captions}`, await readFile(path.join(dir, entry.captions)));
    }
    const thumbnail = `thumbnail/resources/${entry.thumbnail}`;
    await storage.put(thumbnail, await readFile(path.join(dir, entry.thumbnail)));
    await tx.insert(groupFiles).values({
      groupId,
      kind: 'resources',
      name: entry.file,
      storageKey: `${folder}/${entry.file}`,
      createdAt: addDays(now, -40 + i),
    });
    described.push({ title: entry.title, filename: entry.file, thumbnail: `/media/${thumbnail}` });
  }
  await tx.update(groups).set({ elearningResources: described }).where(eq(groups.id, groupId));
}
