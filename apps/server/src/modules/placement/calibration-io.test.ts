import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placementContentDir } from '../../demo/content-paths.js';
import { readBank } from './bank-loader.js';
import { byLearner, parseAnswersExport, writeDifficulties } from './calibration-io.js';

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

  it('writes the new difficulties into a bank file that loads, leaving the rest as it was', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bank-'));
    await fs.cp(placementContentDir, dir, { recursive: true });
    const bank = await readBank(dir);
    const changed = await writeDifficulties(dir, bank, new Map([['kn-001', -2.3456]]));
    expect(changed).toBe(1);
    const after = await readBank(dir);
    expect(after.questions.find((q) => q.key === 'kn-001')!.difficulty).toBe(-2.35);
    expect(after.questions.filter((q) => q.difficulty !== undefined)).toHaveLength(1);
    expect({ ...after, questions: after.questions.map(({ difficulty: _, ...q }) => q) }).toEqual(bank);
    // Formatted as the repository formats its JSON: only the new line differs.
    const [before, written] = await Promise.all([
      fs.readFile(path.join(placementContentDir, 'bank.json'), 'utf8'),
      fs.readFile(path.join(dir, 'bank.json'), 'utf8'),
    ]);
    expect(written.split('\n').length - before.split('\n').length).toBe(1);
    await fs.rm(dir, { recursive: true });
  });
});
