import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { placementAnswers, placementQuestions, placementTests } from '../../db/schema.js';
import type { BankFile } from './bank.schema.js';
import type { LearnerAnswers } from './irt/calibrate.js';

/**
 * One answer of an export: the learner's test, the question's key in the bank, right or wrong,
 * and optionally when (ms since the epoch), for the drift over time.
 */
export interface ExportedAnswer {
  test: string;
  question: string;
  correct: boolean;
  at?: number;
}

/**
 * A time of an export: milliseconds since the epoch, or a date as ISO 8601 ('2026-11-27T10:00Z');
 * empty, none.
 */
function parseTime(value: unknown, where: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const time =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? /^\d+(\.\d+)?$/.test(value)
          ? Number(value)
          : Date.parse(value)
        : NaN;
  if (!Number.isFinite(time)) throw new Error(`${where}: at must be a date (ISO 8601) or milliseconds`);
  return time;
}

/**
 * An answers export: JSON (an array of { test, question, correct, at? }) or CSV with the header
 * `test,question,correct` and optionally `at` (correct as true/false or 1/0; at as an ISO date or
 * milliseconds). Questions are named by bank key.
 */
export function parseAnswersExport(text: string, fileName: string): ExportedAnswer[] {
  if (fileName.endsWith('.json')) {
    const rows = JSON.parse(text) as unknown;
    if (!Array.isArray(rows))
      throw new Error('the JSON export must be an array of { test, question, correct, at? }');
    return rows.map((row: Partial<Record<keyof ExportedAnswer, unknown>>, n) => {
      if (
        typeof row.test !== 'string' ||
        typeof row.question !== 'string' ||
        typeof row.correct !== 'boolean'
      )
        throw new Error(`row ${n + 1}: expected { test: string, question: string, correct: boolean }`);
      return withTime(
        { test: row.test, question: row.question, correct: row.correct },
        parseTime(row.at, `row ${n + 1}`),
      );
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
  const time = columns.indexOf('at');
  return lines.map((line, n) => {
    const cells = line.split(',').map((cell) => cell.trim());
    const correct = cells[c]!.toLowerCase();
    if (!['true', 'false', '1', '0'].includes(correct))
      throw new Error(`line ${n + 2}: correct must be true/false or 1/0`);
    return withTime(
      { test: cells[t]!, question: cells[q]!, correct: correct === 'true' || correct === '1' },
      time < 0 ? undefined : parseTime(cells[time], `line ${n + 2}`),
    );
  });
}

/** The answer with its time when it has one (no `at: undefined`, so exports compare equal). */
function withTime(answer: ExportedAnswer, at: number | undefined): ExportedAnswer {
  return at === undefined ? answer : { ...answer, at };
}

/** The answers grouped by learner's test, as the calibration takes them. */
export function byLearner(answers: readonly ExportedAnswer[]): LearnerAnswers[] {
  const tests = new Map<string, LearnerAnswers['answers'][number][]>();
  for (const a of answers) {
    let list = tests.get(a.test);
    if (!list) tests.set(a.test, (list = []));
    list.push(
      a.at === undefined
        ? { id: a.question, correct: a.correct }
        : { id: a.question, correct: a.correct, at: a.at },
    );
  }
  return [...tests.values()].map((list) => ({ answers: list }));
}

/**
 * The answers of every finished test of a model in the database, questions named by bank key,
 * with the time each was saved. Pretest answers (unscored, issue 33) count like any other: they
 * are there to calibrate the questions the adaptive order rarely asks.
 */
export async function answersFromDatabase(db: Db, modelId: string): Promise<ExportedAnswer[]> {
  const rows = await db
    .select({
      test: placementAnswers.testId,
      question: placementQuestions.key,
      correct: placementAnswers.isCorrect,
      at: placementAnswers.createdAt,
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
  return rows.map(({ at, ...row }) => ({ ...row, at: at.getTime() }));
}

/** A question's calibrated parameters; no discrimination under Rasch (the bank's is kept). */
export interface CalibratedParams {
  difficulty: number;
  discrimination?: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The bank with the calibrated questions' difficulties (and discriminations) to two decimals, the
 * other questions as they were; and how many questions changed. Pure, for the tests.
 */
export function withCalibration(
  bank: BankFile,
  calibrated: ReadonlyMap<string, CalibratedParams>,
): { bank: BankFile; changed: number } {
  let changed = 0;
  const questions = bank.questions.map((q) => {
    const c = calibrated.get(q.key);
    if (!c) return q;
    const next = {
      ...q,
      difficulty: round2(c.difficulty),
      ...(c.discrimination === undefined ? {} : { discrimination: round2(c.discrimination) }),
    };
    if (next.difficulty !== q.difficulty || next.discrimination !== q.discrimination) changed += 1;
    return next;
  });
  return { bank: { ...bank, questions }, changed };
}

/**
 * Writes the calibrated difficulties and discriminations into the bank file, for a reviewed
 * commit (decision 0040): two decimals, formatted as the repository formats JSON (Prettier, when
 * it is installed, as in a checkout). The server loads the file at its next start and copies both
 * into the database (bank-loader.ts). Returns how many questions changed.
 */
export async function writeCalibration(
  contentDir: string,
  bank: BankFile,
  calibrated: ReadonlyMap<string, CalibratedParams>,
): Promise<number> {
  const { bank: next, changed } = withCalibration(bank, calibrated);
  const file = path.join(contentDir, 'bank.json');
  let text = `${JSON.stringify(next, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  } catch {
    // Without Prettier (a production install) the JSON is written as JSON.stringify lays it out.
  }
  await fs.writeFile(file, text);
  return changed;
}
