import { describe, expect, it } from 'vitest';
import { levelFromScore } from '@medenglish/shared';
import { placementContentDir } from '../../demo/content-paths.js';
import { poolFromBank } from './adaptive-pool.js';
import { readBank } from './bank-loader.js';
import { takeTest } from './irt/simulate.js';
import { bankOrder } from './option-order.js';
import { isCorrectAnswer } from '../questions/index.js';
import { clickedPlaces, clickerIsRight, CLICKER_PATTERNS } from './pattern-clickers.js';

describe('learners who answer by position (issue 33)', () => {
  it('are placed A0–A1 in at least 99 % of tests, whatever the pattern', async () => {
    const bank = await readBank(placementContentDir);
    const pool = poolFromBank(bank);
    const questions = new Map(bank.questions.map((q) => [q.key, { ...q, id: q.key }]));
    for (const pattern of CLICKER_PATTERNS) {
      let low = 0;
      const runs = 120;
      for (let n = 0; n < runs; n++) {
        const testId = `clicker-${pattern}-${n}`;
        const { scores } = takeTest(
          pool,
          (item) => clickerIsRight(pattern, questions.get(item.id)!, testId),
          testId,
        );
        if (['A0', 'A1'].includes(levelFromScore(scores.total).band)) low++;
      }
      expect(low / runs, pattern).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('would read the bank if it were shown in its own order: the shuffle is what stops them', async () => {
    // The bank's own order no longer gives keys away (re-drawn keys), but a bank whose keys sat at
    // the first places would: shown unshuffled, "first options" answers every blank and order.
    const bank = await readBank(placementContentDir);
    const blanks = bank.questions.filter((q) => q.type === 'fillblank' || q.type === 'd&d');
    const inOrder = blanks.map((q) => {
      const rest = q.answers.map((_, i) => i).filter((i) => !q.correct.includes(i));
      const perm = [...q.correct, ...rest];
      return {
        ...q,
        answers: perm.map((i) => q.answers[i]!),
        correct: q.correct.map((_, i) => i),
        alsoCorrect: null,
      };
    });
    const right = inOrder.filter((q) =>
      isCorrectAnswer(
        q,
        clickedPlaces('first options', q).map((i) => bankOrder(q)[i]!),
      ),
    );
    expect(right.length).toBe(inOrder.length);
    const shuffled = inOrder.filter((q) => clickerIsRight('first options', { ...q, id: q.key }, 'some-test'));
    expect(shuffled.length).toBe(0);
  });
});
