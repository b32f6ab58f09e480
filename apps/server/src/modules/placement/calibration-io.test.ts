import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placementContentDir } from '../../demo/content-paths.js';
import { poolFromBank } from './adaptive-pool.js';
import { readBank } from './bank-loader.js';
import { SCORING_DISCRIMINATION } from './irt/model.js';
import { byLearner, parseAnswersExport, withCalibration, writeCalibration } from './calibration-io.js';

describe('the calibration command’s files', () => {
  it('reads an answers export as JSON or CSV, grouped by learner', () => {
    const csv = 'test,question,correct\nt1,kn-001,true\nt1,kn-002,0\nt2,kn-001,1\n';
    const json = JSON.stringify([
      { test: 't1', question: 'kn-001', correct: true },
      { test: 't1', question: 'kn-002', correct: false },
      { test: 't2', question: 'kn-001', correct: true },
    ]);
    expect(parseAnswersExport(csv, 'a.csv')).toEqual(parseAnswersExport(json, 'a.json'));
    expect(byLearner(parseAnswersExport(csv, 'a.csv'))).toEqual([
      {
        answers: [
          { id: 'kn-001', correct: true },
          { id: 'kn-002', correct: false },
        ],
      },
      { answers: [{ id: 'kn-001', correct: true }] },
    ]);
    expect(() => parseAnswersExport('test,question\nt1,kn-001', 'a.csv')).toThrow(/correct/);
    expect(() => parseAnswersExport('test,question,correct\nt1,kn-001,maybe', 'a.csv')).toThrow(/line 2/);
  });

  it('reads the optional time of each answer, as an ISO date or milliseconds, into the learners’ answers', () => {
    const csv =
      'test,question,correct,at\nt1,kn-001,1,2026-11-27T10:00:00Z\nt1,kn-002,0,1795812891219\nt2,kn-001,1,\n';
    const json = JSON.stringify([
      { test: 't1', question: 'kn-001', correct: true, at: '2026-11-27T10:00:00Z' },
      { test: 't1', question: 'kn-002', correct: false, at: 1795812891219 },
      { test: 't2', question: 'kn-001', correct: true },
    ]);
    const rows = parseAnswersExport(csv, 'a.csv');
    expect(rows).toEqual(parseAnswersExport(json, 'a.json'));
    expect(rows[0]!.at).toBe(Date.UTC(2026, 10, 27, 10));
    expect(rows[1]!.at).toBe(1795812891219);
    expect(rows[2]).not.toHaveProperty('at');
    expect(byLearner(rows)[0]!.answers[0]).toEqual({
      id: 'kn-001',
      correct: true,
      at: Date.UTC(2026, 10, 27, 10),
    });
    expect(() => parseAnswersExport('test,question,correct,at\nt1,kn-001,1,yesterday', 'a.csv')).toThrow(
      /line 2: at/,
    );
  });

  it('writes the new difficulties and discriminations into a bank file that loads, leaving the rest as it was', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bank-'));
    await fs.cp(placementContentDir, dir, { recursive: true });
    const bank = await readBank(dir);
    const changed = await writeCalibration(
      dir,
      bank,
      new Map([
        ['kn-001', { difficulty: -2.3456, discrimination: 1.234 }],
        // Under Rasch no discrimination: the bank's (none here) is kept.
        ['kn-002', { difficulty: -1.5 }],
      ]),
    );
    expect(changed).toBe(2);
    const after = await readBank(dir);
    expect(after.questions.find((q) => q.key === 'kn-001')).toMatchObject({
      difficulty: -2.35,
      discrimination: 1.23,
    });
    expect(after.questions.find((q) => q.key === 'kn-002')!.difficulty).toBe(-1.5);
    expect(after.questions.filter((q) => q.difficulty !== undefined)).toHaveLength(2);
    expect(after.questions.filter((q) => q.discrimination !== undefined)).toHaveLength(1);
    // The scoring takes both (adaptive-pool.ts, model.ts); the common discrimination elsewhere.
    const pool = new Map(poolFromBank(after).map((item) => [item.id, item.params]));
    expect(pool.get('kn-001')).toMatchObject({ a: 1.23, b: -2.35 });
    expect(pool.get('kn-002')).toMatchObject({ a: SCORING_DISCRIMINATION, b: -1.5 });
    expect({
      ...after,
      questions: after.questions.map(({ difficulty: _, discrimination: __, ...q }) => q),
    }).toEqual(bank);
    // Formatted as the repository formats its JSON: only the three new lines differ.
    const [before, written] = await Promise.all([
      fs.readFile(path.join(placementContentDir, 'bank.json'), 'utf8'),
      fs.readFile(path.join(dir, 'bank.json'), 'utf8'),
    ]);
    expect(written.split('\n').length - before.split('\n').length).toBe(3);
    await fs.rm(dir, { recursive: true });
  });

  it('counts only the questions whose rounded values change', () => {
    const bank = {
      testModelId: 'm',
      descriptionKN: 'k',
      descriptionRC: 'r',
      descriptionOC: 'o',
      passages: [],
      questions: [{ key: 'a', difficulty: 0.5, discrimination: 2 }, { key: 'b' }],
    } as unknown as Parameters<typeof withCalibration>[0];
    const same = withCalibration(bank, new Map([['a', { difficulty: 0.501, discrimination: 1.999 }]]));
    expect(same.changed).toBe(0);
    const moved = withCalibration(bank, new Map([['b', { difficulty: 1 }]]));
    expect(moved.changed).toBe(1);
    expect(moved.bank.questions[1]).toEqual({ key: 'b', difficulty: 1 });
  });
});
