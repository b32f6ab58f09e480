import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { placementModels, placementQuestions } from '../../db/schema.js';
import type { Storage } from '../../integrations/storage/storage.js';
import { keyInDisplayOrder, keyProblems } from '../questions/index.js';
import { bankFile, type BankFile } from './bank.schema.js';
import { inTransaction } from '../../db/transactions.js';

/** Storage key of a question's media (SPEC §7: /placementTest/audio and /placementTest/img). */
export function placementMediaKey(media: { filename: string; type: 'img' | 'audio' }): string {
  return `placementTest/${media.type === 'img' ? 'img' : 'audio'}/${media.filename}`;
}

/**
 * A drag-and-drop chunk that gives its place away (issue 17): a capital opening the sentence or
 * the final punctuation closing it fixes the ends without any English. 'I', titles and names
 * keep their capitals: they are capitals wherever they stand.
 */
export function giveawayChunk(chunks: readonly { text: string }[]): string | null {
  const name = /^(I|Dr|Mr|Mrs|Ms|Doctor|Nurse [A-Z])\b/;
  const found = chunks.find(
    ({ text }) => /[.?!]$/.test(text.trim()) || (/^[A-Z]/.test(text) && !name.test(text)),
  );
  return found?.text ?? null;
}

/** Everything wrong with a bank file; empty when it can be loaded. */
export async function bankProblems(bank: BankFile, mediaDir: string): Promise<string[]> {
  const problems: string[] = [];
  const keys = new Set<string>();
  const passages = new Set(bank.passages.map((p) => p.key));
  for (const q of bank.questions) {
    if (keys.has(q.key)) problems.push(`${q.key}: duplicate key`);
    keys.add(q.key);
    for (const p of keyProblems(q)) problems.push(`${q.key}: ${p}`);
    // Issue 33: options as the bank lists them must not be the answer (shown shuffled, but the
    // bank is read by staff and exports too, and a key in order is a writer's habit to break).
    if (keyInDisplayOrder(q))
      problems.push(`${q.key}: the key is the options in the order listed (re-draw the options' order)`);
    if (q.type === 'd&d' && giveawayChunk(q.answers))
      problems.push(`${q.key}: a chunk gives away where it goes (${giveawayChunk(q.answers)})`);
    if (q.passage && !passages.has(q.passage)) problems.push(`${q.key}: unknown passage ${q.passage}`);
    if (q.category === 'RC' && !q.passage) problems.push(`${q.key}: reading question without a passage`);
    if (q.media) {
      const file = path.join(mediaDir, q.media.type === 'img' ? 'img' : 'audio', q.media.filename);
      await fs.access(file).catch(() => problems.push(`${q.key}: missing media ${q.media!.filename}`));
    }
  }
  return problems;
}

export async function readBank(contentDir: string): Promise<BankFile> {
  const raw = JSON.parse(await fs.readFile(path.join(contentDir, 'bank.json'), 'utf8')) as unknown;
  const bank = bankFile.parse(raw);
  const problems = await bankProblems(bank, path.join(contentDir, 'media'));
  if (problems.length) throw new Error(`placement bank is invalid:\n${problems.join('\n')}`);
  return bank;
}

/**
 * Loads (or updates) a placement test model from its content folder: questions upserted by key
 * in bank order, questions gone from the bank removed, media copied into storage when missing or
 * changed. Runs at every start, so an updated bank reaches an existing database.
 */
export async function loadPlacementBank(db: Db, storage: Storage, contentDir: string): Promise<BankFile> {
  const bank = await readBank(contentDir);
  const passages = new Map(bank.passages.map((p) => [p.key, { title: p.title, text: p.text }]));
  await inTransaction(db, async (tx) => {
    const model = {
      id: bank.testModelId,
      descriptionKN: bank.descriptionKN,
      descriptionRC: bank.descriptionRC,
      descriptionOC: bank.descriptionOC,
      descriptionTranslations: bank.translations ?? {},
    };
    await tx
      .insert(placementModels)
      .values(model)
      .onConflictDoUpdate({ target: placementModels.id, set: { ...model, updatedAt: new Date() } });
    for (const [position, q] of bank.questions.entries()) {
      const row = {
        modelId: bank.testModelId,
        key: q.key,
        position,
        category: q.category,
        type: q.type,
        level: q.level,
        subcategory: q.subcategory,
        name: q.name,
        passage: q.passage ? (passages.get(q.passage) ?? null) : null,
        answers: q.answers,
        correct: q.correct,
        alsoCorrect: q.alsoCorrect ?? null,
        media: q.media ?? null,
        difficulty: q.difficulty ?? null,
        discrimination: q.discrimination ?? null,
      };
      await tx
        .insert(placementQuestions)
        .values(row)
        .onConflictDoUpdate({ target: [placementQuestions.modelId, placementQuestions.key], set: row });
    }
    await tx.delete(placementQuestions).where(
      and(
        eq(placementQuestions.modelId, bank.testModelId),
        notInArray(
          placementQuestions.key,
          bank.questions.map((q) => q.key),
        ),
      ),
    );
  });

  for (const q of bank.questions) {
    if (!q.media) continue;
    const source = path.join(contentDir, 'media', q.media.type === 'img' ? 'img' : 'audio', q.media.filename);
    const key = placementMediaKey(q.media);
    const [from, to] = await Promise.all([fs.stat(source), storage.head(key)]);
    if (!to || to.size !== from.size) await storage.put(key, await fs.readFile(source));
  }
  return bank;
}
