import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.js';
import { groups } from '../db/schema.js';
import type { Storage } from '../integrations/storage/storage.js';
import { examSubjectKey } from '../modules/exams/index.js';
import { demoContentDir } from './content-paths.js';
import { simplePdf } from './simple-pdf.js';

const subjectsDir = path.join(demoContentDir, 'exam-subjects');

/**
 * The subjects of the demo's written exams (issue 13): each group option of type 2 whose examFile
 * has a text in demo/exam-subjects gets it as a PDF in the group's private storage, once.
 */
export async function seedExamSubjects(db: Db, storage: Storage): Promise<void> {
  const available = new Set((await fs.readdir(subjectsDir)).filter((f) => f.endsWith('.json')));
  for (const group of await db.select({ id: groups.id, options: groups.elearningOptions }).from(groups)) {
    for (const option of group.options) {
      const file = option.examSubject?.examFile;
      if (option.type !== 2 || !file || !available.has(file.replace(/\.pdf$/, '.json'))) continue;
      const key = examSubjectKey(group.id, file);
      if (await storage.head(key)) continue;
      const subject = JSON.parse(
        await fs.readFile(path.join(subjectsDir, file.replace(/\.pdf$/, '.json')), 'utf8'),
      ) as {
        title: string;
        lines: string[];
      };
      await storage.put(key, simplePdf(subject.title, subject.lines));
    }
  }
}
