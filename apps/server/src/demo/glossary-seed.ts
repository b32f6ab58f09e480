import fs from 'node:fs';
import { z } from 'zod';
import { glossaryWordBody } from '@medenglish/shared';
import type { Db } from '../db/client.js';
import { glossaryWords } from '../db/schema.js';
import { glossaryWordsFile } from './content-paths.js';

const wordsFile = z.array(glossaryWordBody.required());

/**
 * The demo glossary (issue 14): the words of demo/glossary/words.json, written once into an empty
 * glossary — afterwards the glossary is staff's, who add, change and delete words.
 */
export async function seedGlossaryIfEmpty(db: Db, file = glossaryWordsFile): Promise<boolean> {
  const [any] = await db.select({ id: glossaryWords.id }).from(glossaryWords).limit(1);
  if (any) return false;
  const words = wordsFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  await db.insert(glossaryWords).values(words).onConflictDoNothing();
  return true;
}
