import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { placementAnswers, placementQuestions, placementTests } from '../../db/schema.js';
import type { BankFile } from './bank.schema.js';
import type { LearnerAnswers } from './irt/calibrate.js';

/** One answer of an export: the learner's test, the question's key in the bank, right or wrong. */
export interface ExportedAnswer {
  test: string;
  question: string;
  correct: boolean;
}

/**
 * An answers export: JSON (an array of { test, question, correct }) or CSV with the header
 * `test,question,correct` (correct as true/false or 1/0). Questions are named by bank key.
 */
export function parseAnswersExport(text: string, fileName: string): ExportedAnswer[] {
  if (fileName.endsWith('.json')) {
    const rows = JSON.parse(text) as unknown;
    if (!Array.isArray(rows))
      throw new Error('the JSON export must be an array of { test, question, correct }');
    return rows.map((row: Partial<ExportedAnswer>, n) => {
      if (
        typeof row.test !== 'string' ||
        typeof row.question !== 'string' ||
        typeof row.correct !== 'boolean'
      )
        throw new Error(`row ${n + 1}: expected { test: string, question: string, correct: boolean }`);
      return { test: row.test, question: row.question, correct: row.correct };
    });
  }
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const columns = (header ?? '').split(',').map((c) => c.trim());
  const at = (name: string) => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`the CSV export needs a '${name}' column (header: test,question,correct)`);
    return i;
  };
  const [t, q, c] = [at('test'), at('question'), at('correct')];
  return lines.map((line, n) => {
    const cells = line.split(',').map((cell) => cell.trim());
    const correct = cells[c]!.toLowerCase();
    if (!['true', 'false', '1', '0'].includes(correct))
      throw new Error(`line ${n + 2}: correct must be true/false or 1/0`);
    return { test: cells[t]!, question: cells[q]!, correct: correct === 'true' || correct === '1' };
  });
}

/** The answers grouped by learner's test, as the calibration takes them. */
export function byLearner(answers: readonly ExportedAnswer[]): LearnerAnswers[] {
  const tests = new Map<string, { id: string; correct: boolean }[]>();
  for (const a of answers) {
    let list = tests.get(a.test);
    if (!list) tests.set(a.test, (list = []));
    list.push({ id: a.question, correct: a.correct });
  }
  return [...tests.values()].map((list) => ({ answers: list }));
}

/** The answers of every finished test of a model in the database, questions named by bank key. */
export async function answersFromDatabase(db: Db, modelId: string): Promise<ExportedAnswer[]> {
  const rows = await db
    .select({
      test: placementAnswers.testId,
      question: placementQuestions.key,
      correct: placementAnswers.isCorrect,
    })
    .from(placementAnswers)
    .innerJoin(placementTests, eq(placementTests.id, placementAnswers.testId))
    .innerJoin(
      placementQuestions,
      and(
        // Answers name their question by id as text (a question may since have left the bank).
        sql`${placementQuestions.id}::text = ${placementAnswers.questionId}`,
        eq(placementQuestions.modelId, placementTests.testModelId),
      ),
    )
    .where(and(eq(placementTests.testModelId, modelId), isNotNull(placementTests.finishedAt)));
  return rows;
}

/**
 * Writes the calibrated difficulties into the bank file, for a reviewed commit: two decimals,
 * formatted as the repository formats JSON (Prettier, when it is installed, as in a checkout).
 */
export async function writeDifficulties(
  contentDir: string,
  bank: BankFile,
  difficulties: ReadonlyMap<string, number>,
): Promise<number> {
  let changed = 0;
  const questions = bank.questions.map((q) => {
    const d = difficulties.get(q.key);
    if (d === undefined) return q;
    const rounded = Math.round(d * 100) / 100;
    if (q.difficulty !== rounded) changed += 1;
    return { ...q, difficulty: rounded };
  });
  const file = path.join(contentDir, 'bank.json');
  let text = `${JSON.stringify({ ...bank, questions }, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  } catch {
    // Without Prettier (a production install) the JSON is written as JSON.stringify lays it out.
  }
  await fs.writeFile(file, text);
  return changed;
}
